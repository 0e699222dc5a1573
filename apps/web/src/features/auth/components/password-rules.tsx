import { List, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { PASSWORD_RULES, unmetPasswordRules } from '@riderdesk/domain/validation/password';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Live checklist of the spec §5 password rules, ticked as the user types. */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  const unmet = new Set(unmetPasswordRules(password));
  return (
    <List id={id} size="sm" spacing={4} center aria-label={t('password.rules-title')}>
      {PASSWORD_RULES.map((rule) => {
        const isMet = !unmet.has(rule);
        return (
          <List.Item
            key={rule}
            c={isMet ? 'var(--mantine-color-success)' : 'dimmed'}
            data-met={isMet}
            icon={
              <ThemeIcon size={18} radius="xl" variant={isMet ? 'filled' : 'light'} color={isMet ? 'teal' : 'gray'}>
                {isMet ? <IconCheck size={12} /> : <IconCircleDashed size={12} />}
              </ThemeIcon>
            }
          >
            {t(rule)}
            {isMet && <VisuallyHidden> — {t('password.rule-met')}</VisuallyHidden>}
          </List.Item>
        );
      })}
    </List>
  );
}
