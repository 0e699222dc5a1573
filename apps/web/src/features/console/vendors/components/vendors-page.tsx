import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Select, Table, Text, TextInput } from '@mantine/core';
import {
  CONSOLE_VENDOR_STATES,
  type ConsoleVendorSearchQuery,
  type ConsoleVendorState,
} from '@riderdesk/domain/contracts/console-vendors';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { useConsoleErrorText } from '../../shared/use-console-error-text.ts';
import { useVendorSearch } from '../api/search-vendors.ts';
import { kindKeyOf, registrationKeyOf, STATE_COLOURS } from '../vendors-view.ts';

/** The console's Vendors and outlets list: a search by name, id or city, pending collection points first. */
export function VendorsPage({
  initial,
  onSearch,
  hrefOf,
  onOpen,
}: {
  initial: ConsoleVendorSearchQuery;
  onSearch: (query: ConsoleVendorSearchQuery) => void;
  hrefOf: (vendorId: string) => string;
  onOpen: (vendorId: string) => void;
}) {
  const { t } = useTranslation();
  const errorText = useConsoleErrorText();
  const [text, setText] = useState(initial.q ?? '');
  const [state, setState] = useState<ConsoleVendorState | null>(initial.state ?? null);
  const vendors = useVendorSearch(initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ ...(text.trim() ? { q: text.trim() } : {}), ...(state ? { state } : {}) });
  };

  return (
    <>
      <PageHeader title={t('console.vendors.title')} description={t('console.vendors.description')} />
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
          <TextInput
            label={t('console.vendors.search-label')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={100}
            w={{ base: '100%', sm: 320 }}
          />
          <Select
            label={t('console.vendors.state-label')}
            placeholder={t('console.vendors.state-any')}
            data={CONSOLE_VENDOR_STATES.map((value) => ({ value, label: t(`console.vendors.state.${value}`) }))}
            value={state}
            onChange={(value) => setState(value as ConsoleVendorState | null)}
            clearable
            w={180}
          />
          <Button type="submit" leftSection={<IconSearch size={16} />}>
            {t('console.vendors.search')}
          </Button>
        </Group>
      </form>
      {vendors.isPending && <Loader aria-label={t('console.loading')} />}
      {vendors.isError && (
        <Alert color="red" role="alert">
          {errorText(vendors.error)}
        </Alert>
      )}
      {vendors.isSuccess && vendors.data.length === 0 && <Text c="dimmed">{t('console.vendors.empty')}</Text>}
      {vendors.isSuccess && vendors.data.length > 0 && (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={680}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('console.vendors.name')}</Table.Th>
                  <Table.Th>{t('console.vendors.kind')}</Table.Th>
                  <Table.Th>{t('console.vendors.city')}</Table.Th>
                  <Table.Th>{t('console.vendors.registration-type')}</Table.Th>
                  <Table.Th>{t('console.vendors.state-label')}</Table.Th>
                  <Table.Th>{t('console.vendors.outlets')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {vendors.data.map((vendor) => (
                  <Table.Tr key={vendor.vendor_id} data-testid="vendor-row">
                    <Table.Td>
                      <Anchor
                        href={hrefOf(vendor.vendor_id)}
                        fw={600}
                        fz="sm"
                        onClick={(event) => {
                          event.preventDefault();
                          onOpen(vendor.vendor_id);
                        }}
                      >
                        {vendor.name}
                      </Anchor>
                      <Text fz="xs" c="dimmed" dir="ltr" ta="start">
                        {vendor.vendor_id}
                      </Text>
                    </Table.Td>
                    <Table.Td>{t(kindKeyOf(vendor))}</Table.Td>
                    <Table.Td>{vendor.city ?? t('console.vendors.none')}</Table.Td>
                    <Table.Td>{t(registrationKeyOf(vendor.registration_type))}</Table.Td>
                    <Table.Td>
                      <Badge color={STATE_COLOURS[vendor.state]} variant="light">
                        {t(`console.vendors.state.${vendor.state}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{vendor.is_parent ? vendor.outlet_count : t('console.vendors.none')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </>
  );
}
