import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { paths } from '@riderdesk/domain/paths';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../shared/storage.ts';

/**
 * spec §3 godroid-tos-required: a partner app that says its user has not accepted the terms yet gets them
 * shown, to accept before the first order.
 */
export function PartnerTermsGate() {
  const { t } = useTranslation();
  const [isRequired, setIsRequired] = useState(() => readStorage(STORAGE_KEYS.godroidTosRequired) === 'true');
  const accept = () => {
    writeStorage(STORAGE_KEYS.godroidTosRequired, 'false');
    setIsRequired(false);
  };
  return (
    <Modal
      opened={isRequired}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('partner.terms.title')}
      centered
      radius="md"
      // Above the map's own controls (Leaflet uses z-index up to 1000).
      zIndex={1100}
    >
      <Stack gap="md">
        <Text fz="sm">{t('partner.terms.body')}</Text>
        <Anchor component={Link} to={paths.terms()} target="_blank" fz="sm">
          {t('partner.terms.read')}
        </Anchor>
        <Button onClick={accept}>{t('partner.terms.accept')}</Button>
      </Stack>
    </Modal>
  );
}
