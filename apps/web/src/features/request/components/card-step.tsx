import {
  ActionIcon,
  Alert,
  Checkbox,
  Group,
  Loader,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconCreditCard, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CardPayment } from '../hooks/use-card-payment.ts';

const pad = (value: number) => String(value).padStart(2, '0');

/** spec §2 card entry: a new card in the provider's framed fields, or a saved card (with removal). */
export function CardStep(props: {
  card: CardPayment;
  charge: string | null;
  onRemoveCard: (cardId: string) => void;
  isRemoving: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { card } = props;
  const isUrdu = i18n.language.startsWith('ur');

  if (card.walletError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {t(card.walletError)}
      </Alert>
    );
  }
  if (card.isWalletLoading || !card.wallet) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text fz="sm" c="dimmed">
          {t('request.card.loading')}
        </Text>
      </Group>
    );
  }

  const fieldsUrl = card.wallet.card_fields_url ? `${card.wallet.card_fields_url}${isUrdu ? '&lang=ur' : ''}` : null;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCreditCard size={18} aria-hidden />
          <Text fw={600} fz="sm" component="h3" m={0}>
            {t('request.card.title')}
          </Text>
        </Group>
        {props.charge && (
          <Text fz="xs" c="dimmed">
            {t('request.card.charge', { amount: props.charge })}
          </Text>
        )}
        {card.cards.length > 0 && (
          <SegmentedControl
            fullWidth
            aria-label={t('request.card.choice')}
            value={card.choice === 'NOT_SET' ? '' : card.choice}
            onChange={(value) => card.setChoice(value as 'NEW' | 'EXISTING')}
            data={[
              { value: 'EXISTING', label: t('request.card.existing') },
              { value: 'NEW', label: t('request.card.new') },
            ]}
          />
        )}
        {card.choice === 'EXISTING' && (
          <Radio.Group
            value={card.selectedCardId ?? ''}
            onChange={card.setSelectedCardId}
            label={t('request.card.saved')}
          >
            <Stack gap={6} mt={6}>
              {card.cards.map((saved) => (
                <Group key={saved.id} justify="space-between" wrap="nowrap">
                  <Radio
                    value={saved.id}
                    label={
                      <span dir="ltr">
                        {`${saved.scheme.toUpperCase()} •••• ${saved.last4}  ${pad(saved.exp_month)}/${String(saved.exp_year).slice(-2)}`}
                      </span>
                    }
                    description={saved.holder_name}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('request.card.remove', { last4: saved.last4 })}
                    loading={props.isRemoving}
                    onClick={() => props.onRemoveCard(saved.id)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          </Radio.Group>
        )}
        {card.choice === 'NEW' && (
          <>
            <TextInput
              label={t('request.card.name')}
              autoComplete="cc-name"
              value={card.nameOnCard}
              onChange={(event) => card.setNameOnCard(event.currentTarget.value)}
              error={card.error === 'validation.fill-name-on-card' ? t(card.error) : undefined}
              maxLength={100}
            />
            {card.microform.isOn ? (
              <MicroformFieldsView card={card} />
            ) : (
              fieldsUrl && (
                <iframe
                  ref={card.frameRef}
                  src={fieldsUrl}
                  title={t('request.card.fields')}
                  style={{ border: 0, width: '100%', height: 150, display: 'block' }}
                />
              )
            )}
            <Checkbox
              label={t('request.card.save')}
              checked={card.saveCard}
              onChange={(event) => card.setSaveCard(event.currentTarget.checked)}
            />
          </>
        )}
        {card.error && card.error !== 'validation.fill-name-on-card' && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {t(card.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

const FIELDSET = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;

/** CyberSource Microform's number and CVC fields (mounted by the hook into these boxes), and our expiry. */
function MicroformFieldsView({ card }: { card: CardPayment }) {
  const { t } = useTranslation();
  const { microform, fieldErrors } = card;
  const box = (hasError: boolean) => ({
    border: `1px solid ${hasError ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-gray-4)'}`,
    borderRadius: 4,
    padding: '0 10px',
    height: 36,
    display: 'flex',
    alignItems: 'center',
  });
  const hasExpiryError = fieldErrors.includes('expirationDate');
  return (
    <Stack gap="xs" aria-label={t('request.card.fields')} role="group">
      <fieldset style={FIELDSET}>
        <Text component="legend" fz="sm" fw={500} mb={4} p={0}>
          {t('request.card.number')}
        </Text>
        <div ref={microform.numberRef} style={box(fieldErrors.includes('number'))} />
      </fieldset>
      <Group gap="sm" grow align="flex-start">
        <TextInput
          label={t('request.card.expiry-month')}
          placeholder="MM"
          inputMode="numeric"
          autoComplete="cc-exp-month"
          maxLength={2}
          value={microform.expiryMonth}
          onChange={(event) => microform.setExpiryMonth(event.currentTarget.value.replace(/\D/g, ''))}
          error={hasExpiryError}
        />
        <TextInput
          label={t('request.card.expiry-year')}
          placeholder="YY"
          inputMode="numeric"
          autoComplete="cc-exp-year"
          maxLength={4}
          value={microform.expiryYear}
          onChange={(event) => microform.setExpiryYear(event.currentTarget.value.replace(/\D/g, ''))}
          error={hasExpiryError}
        />
        <fieldset style={FIELDSET}>
          <Text component="legend" fz="sm" fw={500} mb={4} p={0}>
            {t('request.card.cvc')}
          </Text>
          <div ref={microform.cvcRef} style={box(fieldErrors.includes('securityCode'))} />
        </fieldset>
      </Group>
      {!microform.isReady && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text fz="xs" c="dimmed">
            {t('request.card.loading')}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
