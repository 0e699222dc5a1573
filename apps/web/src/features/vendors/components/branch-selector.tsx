import { Box, Popover, ScrollArea, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import { IconBuildingStore, IconSelector } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BranchList, type BranchListProps } from './branch-list.tsx';

/**
 * Desktop: the selected branch as a button that opens the branch list. While the list loads it shows a
 * placeholder, not "Choose a branch": nothing is asked of the user yet.
 */
export function BranchSelector(props: BranchListProps & { selected: Vendor | null; loading?: boolean }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { selected, loading = false } = props;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" width={360} shadow="lg" radius="md">
      <Popover.Target>
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          aria-label={t('branch.choose')}
          aria-busy={loading && !selected}
          aria-haspopup="dialog"
          aria-expanded={opened}
          px="sm"
          py={6}
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-md)',
            display: 'flex',
            alignItems: 'center',
            gap: 10,
            maxWidth: 280,
          }}
        >
          <IconBuildingStore size={20} color="var(--mantine-color-dimmed)" />
          <Box miw={0} style={{ flex: 1 }}>
            {/* dir="auto": a Latin name in a right-to-left page keeps its start and is cut at its end. */}
            {loading && !selected ? (
              <Skeleton height={12} width={140} radius="sm" my={4} />
            ) : (
              <Text fz="sm" fw={600} truncate lh={1.25} dir="auto">
                {selected?.name ?? t('branch.choose')}
              </Text>
            )}
            {selected && (
              <Text fz="xs" c="dimmed" truncate dir="auto">
                <bdi>{selected.vendor_id}</bdi>
              </Text>
            )}
          </Box>
          <IconSelector size={16} color="var(--mantine-color-dimmed)" />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p="sm">
        <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
          <BranchList
            {...props}
            onSelect={(id) => {
              props.onSelect(id);
              setOpened(false);
            }}
            onEdit={(vendor) => {
              setOpened(false);
              props.onEdit(vendor);
            }}
            onAdd={() => {
              setOpened(false);
              props.onAdd();
            }}
          />
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
