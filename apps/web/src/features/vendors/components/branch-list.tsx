import { ActionIcon, Badge, Box, Button, Divider, Group, Radio, Stack, Switch, Text, Tooltip } from '@mantine/core';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { IconBuildingStore, IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canAddOutlet, canEditOutlet, orderBranches } from '../branch-rules.ts';

export interface OutletToggleState {
  isShown: boolean;
  isEnabled: boolean;
  value: boolean;
  onChange: (value: boolean) => void;
}

export interface BranchListProps {
  vendors: readonly Vendor[];
  selectedId: string | null;
  onSelect: (vendorId: string) => void;
  isEditFlagOn: boolean;
  onEdit: (vendor: Vendor) => void;
  isAddFlagOn: boolean;
  onAdd: () => void;
  outletToggle: OutletToggleState;
}

/** spec §2 branch selector: radio list of vendors and outlets, parents in bold. */
export function BranchList({
  vendors,
  selectedId,
  onSelect,
  isEditFlagOn,
  onEdit,
  isAddFlagOn,
  onAdd,
  outletToggle,
}: BranchListProps) {
  const { t } = useTranslation();
  const entries = orderBranches(vendors);
  return (
    <Stack gap="sm">
      <Radio.Group value={selectedId} onChange={onSelect} label={t('branch.title')} name="branch">
        <Stack gap={2} mt="xs">
          {entries.map(({ vendor, depth }) => (
            <Group
              key={vendor.vendor_id}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              ps={depth === 1 ? 'lg' : 0}
              py={6}
              px="xs"
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                background: vendor.vendor_id === selectedId ? 'var(--mantine-primary-color-light)' : undefined,
              }}
            >
              <Radio
                value={vendor.vendor_id}
                styles={{ body: { alignItems: 'center' } }}
                label={
                  <Box>
                    <Text fz="sm" fw={vendor.is_parent ? 700 : 500} lh={1.3}>
                      {vendor.name}
                    </Text>
                    <Group gap={6} wrap="nowrap">
                      <Text fz="xs" c="dimmed">
                        <bdi>{vendor.vendor_id}</bdi>
                      </Text>
                      {vendor.is_pending ? (
                        <Badge size="xs" variant="light" color="yellow">
                          {t('outlet.pending')}
                        </Badge>
                      ) : (
                        !vendor.is_active && (
                          <Badge size="xs" variant="light" color="gray">
                            {t('outlet.inactive')}
                          </Badge>
                        )
                      )}
                    </Group>
                  </Box>
                }
              />
              {canEditOutlet(vendor, isEditFlagOn) && (
                <Tooltip label={t('branch.edit-tooltip')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    onClick={() => onEdit(vendor)}
                    aria-label={t('branch.edit', { name: vendor.name })}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          ))}
        </Stack>
      </Radio.Group>
      {canAddOutlet(vendors, isAddFlagOn) && (
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd} fullWidth>
          {t('branch.add')}
        </Button>
      )}
      {entries.length === 0 && (
        <Group gap="xs" c="dimmed">
          <IconBuildingStore size={16} />
          <Text fz="sm">{t('branch.none')}</Text>
        </Group>
      )}
      {outletToggle.isShown && (
        <>
          <Divider />
          <Switch
            label={t('branch.include-outlets')}
            description={
              outletToggle.isEnabled ? t('branch.include-outlets-help') : t('branch.include-outlets-disabled')
            }
            checked={outletToggle.value && outletToggle.isEnabled}
            disabled={!outletToggle.isEnabled}
            onChange={(event) => outletToggle.onChange(event.currentTarget.checked)}
          />
        </>
      )}
    </Stack>
  );
}
