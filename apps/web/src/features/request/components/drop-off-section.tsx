import { Group, Loader, Stack, Text } from '@mantine/core';
import type { LatLng } from '@riderdesk/domain/validation/address';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type AddressPick, AddressSearch } from '../../../shared/geo/address-search.tsx';
import { type SectionStatus, StepSection } from './step-section.tsx';

/** spec §2 drop-off point: the address input with its suggestions, the map on small screens, the quote. */
export function DropOffSection(props: {
  status: SectionStatus;
  lockedHint: string;
  query: string;
  onQueryChange: (query: string) => void;
  onPick: (pick: AddressPick) => void;
  countryCode: string;
  bias: LatLng | null;
  vendorId: string | null;
  withAddressBook: boolean;
  /** A translation key, and its {{placeholders}} when it has some. */
  error: string | null;
  errorValues?: Readonly<Record<string, string>>;
  isResolving: boolean;
  isValidating: boolean;
  disabled: boolean;
  map: ReactNode;
  quote: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <StepSection number={2} title={t('request.step.drop-off')} status={props.status} lockedHint={props.lockedHint}>
      <Stack gap="sm">
        <AddressSearch
          label={t('request.address.label')}
          value={props.query}
          onChange={props.onQueryChange}
          onPick={props.onPick}
          countryCode={props.countryCode}
          bias={props.bias}
          vendorId={props.vendorId}
          withAddressBook={props.withAddressBook}
          error={props.error}
          errorValues={props.errorValues}
          isResolving={props.isResolving}
          disabled={props.disabled}
        />
        {props.map}
        {props.isValidating && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text fz="sm" c="dimmed">
              {t('request.validating')}
            </Text>
          </Group>
        )}
        {props.quote}
      </Stack>
    </StepSection>
  );
}
