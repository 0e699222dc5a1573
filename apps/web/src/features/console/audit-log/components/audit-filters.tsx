import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { AUDIT_ACTIONS } from '@riderdesk/domain/console/audit';
import { type AuditSearchForm, AuditSearchFormSchema } from '@riderdesk/domain/validation/console-forms';
import { IconSearch } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { actionChoices, EMPTY_SEARCH } from '../audit-view.ts';

export interface OperatorChoice {
  id: string;
  name: string;
  email: string;
}

/** The audit log's search: who, what, on what, when (the country's time). */
export function AuditFilters({
  initial,
  operators,
  onSearch,
}: {
  initial: AuditSearchForm;
  operators: readonly OperatorChoice[];
  onSearch: (search: AuditSearchForm) => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useForm<AuditSearchForm>({ resolver: zodResolver(AuditSearchFormSchema), defaultValues: initial });
  const errorOf = (field: keyof AuditSearchForm) => {
    const message = form.formState.errors[field]?.message;
    return message ? t(message) : undefined;
  };
  const actionLabel = (action: string) => {
    const key = `console.audit.action.${action}`;
    return i18n.exists(key) ? t(key) : action;
  };
  const actions = actionChoices(AUDIT_ACTIONS, actionLabel, (type) => t('console.audit.every-action-of', { type }));
  const submit = form.handleSubmit(onSearch);
  const select = (name: 'operatorId' | 'action', label: string, data: Parameters<typeof Select>[0]['data']) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          placeholder={t('console.audit.any')}
          data={data}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          clearable
          searchable
          comboboxProps={{ withinPortal: false }}
        />
      )}
    />
  );
  return (
    <Paper withBorder p="md" mb="lg">
      <form noValidate onSubmit={submit} aria-label={t('console.audit.search')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {select(
            'operatorId',
            t('console.audit.operator'),
            operators.map((operator) => ({ value: operator.id, label: `${operator.name} (${operator.email})` })),
          )}
          {select('action', t('console.audit.action-label'), actions)}
          <TextInput
            label={t('console.audit.target-type')}
            placeholder="operator"
            dir="ltr"
            error={errorOf('targetType')}
            {...form.register('targetType')}
          />
          <TextInput
            label={t('console.audit.target-id')}
            dir="ltr"
            maxLength={100}
            error={errorOf('targetId')}
            {...form.register('targetId')}
          />
          <TextInput
            type="datetime-local"
            label={t('console.audit.from')}
            error={errorOf('from')}
            {...form.register('from')}
          />
          <TextInput
            type="datetime-local"
            label={t('console.audit.to')}
            error={errorOf('to')}
            {...form.register('to')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            onClick={() => {
              form.reset(EMPTY_SEARCH);
              onSearch(EMPTY_SEARCH);
            }}
          >
            {t('console.audit.clear')}
          </Button>
          <Button type="submit" leftSection={<IconSearch size={16} />}>
            {t('console.audit.search')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
