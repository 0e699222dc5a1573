import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyPanel } from '../../../shared/ui/empty-panel.tsx';

export function PublicNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyPanel
      icon={<IconMapPinOff size={30} />}
      title={t('public.not-found.title')}
      description={t('public.not-found.body')}
    />
  );
}
