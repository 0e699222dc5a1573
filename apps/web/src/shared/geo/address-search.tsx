import { Combobox, Group, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { languageTag } from '@riderdesk/domain/config';
import { ADDRESS_BOOK_MIN_QUERY_LENGTH, AUTOCOMPLETE_DEBOUNCE_MS } from '@riderdesk/domain/constants';
import type { AddressBookEntry } from '@riderdesk/domain/contracts/geo';
import { type LatLng, parseLatLngQuery } from '@riderdesk/domain/validation/address';
import { IconAddressBook, IconCurrentLocation, IconMapPin, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTO_DIRECTION } from '../ui/auto-direction.ts';
import { PhoneText } from '../ui/phone-text.tsx';
import { useSearchAddressBook } from './search-address-book.ts';
import { useSearchAddresses } from './search-addresses.ts';

export type AddressPick =
  | { kind: 'place'; id: string; label: string }
  | { kind: 'saved'; entry: AddressBookEntry }
  | { kind: 'coordinates'; point: LatLng };

// spec §7 "Geolocator language by country".
const GEOLOCATOR_LANGUAGE: Readonly<Record<string, string>> = {
  BH: 'en',
  HK: 'zh_HK',
  KH: 'km',
  JP: 'ja',
  TH: 'th_TH',
  TW: 'tw',
};

/**
 * The language the geocoder is asked in: the spec §7 language of the countries it names, otherwise the page's
 * (decision 141), so an Urdu page finds places typed in Urdu script and an English page still asks in English.
 */
export function geolocatorLanguage(countryCode: string, pageLanguage: string): string {
  return GEOLOCATOR_LANGUAGE[countryCode] ?? (languageTag(pageLanguage) || 'en');
}

/**
 * The address input of spec §2: geolocator suggestions debounced by 500 ms, the vendor's address book
 * from 2 characters (when its flag is on), and a typed 'lat, lng' read as coordinates (spec §5).
 */
export function AddressSearch(props: {
  label: string;
  description?: ReactNode;
  value: string;
  onChange: (query: string) => void;
  onPick: (pick: AddressPick) => void;
  countryCode: string;
  bias: LatLng | null;
  vendorId: string | null;
  withAddressBook: boolean;
  /** A translation key, and its {{placeholders}} when it has some. */
  error: string | null;
  errorValues?: Readonly<Record<string, string>>;
  disabled?: boolean;
  isResolving?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [hasTyped, setHasTyped] = useState(false);
  const [debounced] = useDebouncedValue(props.value.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const coordinates = parseLatLngQuery(debounced);
  const isSettled = debounced === props.value.trim();

  const places = useSearchAddresses(
    {
      query: debounced,
      country: props.countryCode,
      ...(props.bias && { lat: props.bias.lat, lng: props.bias.lng }),
      language: geolocatorLanguage(props.countryCode, i18n.language),
    },
    hasTyped && debounced.length > 0 && !coordinates,
  );
  const canSearchBook =
    props.withAddressBook &&
    props.vendorId !== null &&
    hasTyped &&
    !coordinates &&
    debounced.length >= ADDRESS_BOOK_MIN_QUERY_LENGTH;
  const book = useSearchAddressBook(props.vendorId ?? '', debounced, canSearchBook);

  const suggestions = hasTyped && places.isSuccess ? places.data : [];
  const saved = canSearchBook && book.isSuccess ? book.data : [];
  const isSearching = hasTyped && (places.isFetching || (canSearchBook && book.isFetching) || !isSettled);
  const hasNoResults =
    hasTyped &&
    isSettled &&
    !coordinates &&
    places.isSuccess &&
    !places.isFetching &&
    suggestions.length === 0 &&
    saved.length === 0 &&
    !(canSearchBook && book.isFetching);

  const searchError = !hasTyped
    ? null
    : places.isError && !coordinates
      ? 'geolocator.error.autocomplete'
      : hasNoResults
        ? 'request.search.no-results'
        : null;
  const errorKey = props.error ?? searchError;
  const hasOptions = Boolean(coordinates) || suggestions.length > 0 || saved.length > 0;

  function pick(value: string) {
    setHasTyped(false);
    combobox.closeDropdown();
    if (value === 'coordinates' && coordinates) {
      props.onPick({ kind: 'coordinates', point: coordinates });
      return;
    }
    const entry = saved.find((item) => `saved:${item.id}` === value);
    if (entry) {
      props.onPick({ kind: 'saved', entry });
      return;
    }
    const place = suggestions.find((item) => `place:${item.address.id}` === value);
    if (place) props.onPick({ kind: 'place', id: place.address.id, label: place.address.formatted_address });
  }

  return (
    <Combobox store={combobox} onOptionSubmit={pick} withinPortal={false}>
      <Combobox.Target>
        <TextInput
          label={props.label}
          description={props.description}
          placeholder={t('request.address.placeholder')}
          // A Latin address in a right-to-left page keeps its start in view, as typed.
          attributes={AUTO_DIRECTION}
          value={props.value}
          disabled={props.disabled}
          error={errorKey ? t(errorKey, { ...(props.error ? props.errorValues : {}) }) : undefined}
          autoComplete="off"
          leftSection={<IconSearch size={16} />}
          rightSection={props.isResolving || isSearching ? <Loader size={16} /> : null}
          onChange={(event) => {
            setHasTyped(true);
            props.onChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => hasOptions && combobox.openDropdown()}
          onClick={() => hasOptions && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!hasTyped || !hasOptions}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
          {coordinates && (
            <Combobox.Option value="coordinates">
              <Group gap="sm" wrap="nowrap">
                <IconCurrentLocation size={18} style={{ flexShrink: 0 }} />
                <Text fz="sm">
                  {t('request.address.use-coordinates', {
                    lat: coordinates.lat.toFixed(5),
                    lng: coordinates.lng.toFixed(5),
                  })}
                </Text>
              </Group>
            </Combobox.Option>
          )}
          {saved.length > 0 && (
            <Combobox.Group label={t('request.address.saved-customers')}>
              {saved.map((entry) => (
                <Combobox.Option key={entry.id} value={`saved:${entry.id}`}>
                  <Group gap="sm" wrap="nowrap">
                    <IconAddressBook size={18} style={{ flexShrink: 0 }} />
                    <Stack gap={0} miw={0}>
                      <Text fz="sm" fw={600} truncate>
                        {entry.name} <PhoneText phone={entry.phone_number} />
                      </Text>
                      <Text fz="xs" c="dimmed" truncate>
                        {entry.address}
                      </Text>
                    </Stack>
                  </Group>
                </Combobox.Option>
              ))}
            </Combobox.Group>
          )}
          {suggestions.length > 0 && (
            <Combobox.Group label={t('request.address.suggestions')}>
              {suggestions.map((item) => (
                <Combobox.Option key={item.address.id} value={`place:${item.address.id}`}>
                  <Group gap="sm" wrap="nowrap">
                    <IconMapPin size={18} style={{ flexShrink: 0 }} />
                    <Text fz="sm">{item.address.formatted_address}</Text>
                  </Group>
                </Combobox.Option>
              ))}
            </Combobox.Group>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
