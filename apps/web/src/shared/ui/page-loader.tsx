import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './page-loader.module.css';

/** Shown in place of a page while its code chunk loads (and while a failed load is retried). */
export function PageLoader() {
  const { t } = useTranslation();
  const label = t('nav.loading-page');
  return (
    <Center mih="50vh" role="status" aria-label={label} className={classes.loader}>
      <Stack align="center" gap="xs">
        <Loader type="dots" />
        <Text fz="sm" c="dimmed" aria-hidden>
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
