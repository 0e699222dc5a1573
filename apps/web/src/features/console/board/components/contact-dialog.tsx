import { Anchor, Modal, Stack, Text } from '@mantine/core';
import type { BoardOrder } from '@riderdesk/domain/contracts/console-board';
import { useTranslation } from 'react-i18next';

/** Whom to call or write to about the order: the outlet's phone and e-mail, else its parent's. */
export function ContactDialog({ order, onClose }: { order: BoardOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const { name, phone, email } = order.merchant;
  return (
    <Modal opened onClose={onClose} title={t('console.board.contact.title', { name })} centered>
      <Stack gap="sm">
        {phone && (
          <div>
            <Text fz="xs" c="dimmed">
              {t('console.board.contact.phone')}
            </Text>
            <Anchor href={`tel:${phone}`} dir="ltr" data-testid="merchant-phone">
              {phone}
            </Anchor>
          </div>
        )}
        {email && (
          <div>
            <Text fz="xs" c="dimmed">
              {t('console.board.contact.email')}
            </Text>
            <Anchor href={`mailto:${email}?subject=${encodeURIComponent(order.order_id)}`} dir="ltr">
              {email}
            </Anchor>
          </div>
        )}
        {!phone && !email && <Text fz="sm">{t('console.board.contact.none')}</Text>}
      </Stack>
    </Modal>
  );
}
