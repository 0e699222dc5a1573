import { ActionIcon, Chip, Group, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconHistory, IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Search by order id, customer phone or name (spec §4), with the recent searches under it. */
export function OrderSearch({
  term,
  onTermChange,
  onCommit,
  recentTerms,
  onClearRecent,
  placeholder,
}: {
  /** A guest's search says it takes a phone only (spec §5). */
  placeholder?: string;
  term: string;
  onTermChange: (term: string) => void;
  onCommit: (term: string) => void;
  recentTerms: readonly string[];
  onClearRecent: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <TextInput
        type="search"
        value={term}
        onChange={(event) => onTermChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onCommit(term);
          if (event.key === 'Escape') onTermChange('');
        }}
        aria-label={t('tracking.search.label')}
        placeholder={placeholder ?? t('tracking.search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          term ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => onTermChange('')}
              aria-label={t('tracking.search.clear')}
            >
              <IconX size={14} />
            </ActionIcon>
          ) : null
        }
        radius="md"
      />
      {term === '' && recentTerms.length > 0 && (
        <section aria-label={t('tracking.section.recent-searches')}>
          <Group justify="space-between" mt="xs" mb={6} gap="xs">
            <Group gap={6} c="dimmed">
              <IconHistory size={14} aria-hidden />
              <Text fz="xs" fw={600} c="dimmed">
                {t('tracking.section.recent-searches')}
              </Text>
            </Group>
            <UnstyledButton onClick={onClearRecent} fz="xs" c="dimmed" td="underline">
              {t('tracking.search.clear-recent')}
            </UnstyledButton>
          </Group>
          <Group gap={6}>
            {recentTerms.map((recent) => (
              <Chip
                key={recent}
                size="xs"
                variant="outline"
                checked={false}
                onChange={() => {
                  onTermChange(recent);
                  onCommit(recent);
                }}
              >
                <bdi>{recent}</bdi>
              </Chip>
            ))}
          </Group>
        </section>
      )}
    </div>
  );
}
