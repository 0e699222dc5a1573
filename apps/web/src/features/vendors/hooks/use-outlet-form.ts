import { zodResolver } from '@hookform/resolvers/zod';
import type { Vendor } from '@riderdesk/domain/contracts/vendors';
import type { LatLng } from '@riderdesk/domain/validation/address';
import {
  type CollectionPointForm,
  CollectionPointFormSchema,
  sanitizePhone,
} from '@riderdesk/domain/validation/collection-point';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldPath, type PathValue, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import type { AddressPick } from '../../../shared/geo/address-search.tsx';
import { placeDetailsQueryOptions } from '../../../shared/geo/get-place-details.ts';
import { type ResolvedAddress, useAddressResolver } from '../../../shared/geo/use-address-resolver.ts';
import { notify } from '../../../shared/notify.ts';
import { useSaveOutlet } from '../api/save-outlet.ts';
import {
  collectionPointOf,
  emptyCollectionPoint,
  formErrorsOf,
  mapOutletsOf,
  mapPointOf,
  phoneOnLeave,
  placeBadgesOf,
  savedNoticeKeys,
  toOutletBody,
} from '../collection-point-form.ts';
import { outletNoticeId } from './use-outlet-readiness.ts';

export type OutletDialogTarget = { mode: 'add' } | { mode: 'edit'; vendor: Vendor };

type Field = FieldPath<CollectionPointForm>;

/**
 * The collection point form's wiring (spec §2 add/edit dialog): react-hook-form checked by the domain's spec §5
 * rule, the address resolved from a suggestion or a point on the map, the save and its notices.
 */
export function useOutletForm(target: OutletDialogTarget, vendors: readonly Vendor[], onDone: () => void) {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const countryCode = config.country.code;
  const queryClient = useQueryClient();
  const { resolve, resolvePoint } = useAddressResolver(countryCode);
  const save = useSaveOutlet();
  const parents = vendors.filter((vendor) => vendor.is_parent);
  const isEditing = target.mode === 'edit';
  const form = useForm<CollectionPointForm>({
    defaultValues: isEditing ? collectionPointOf(target.vendor, countryCode) : emptyCollectionPoint(parents),
    resolver: zodResolver(CollectionPointFormSchema),
    // spec §5: a field's message stays until that field changes, not re-checked as the user types.
    reValidateMode: 'onSubmit',
  });
  const { watch, setValue, clearErrors, setError, formState } = form;
  const [addressQuery, setAddressQuery] = useState(() => form.getValues('location')?.formatted_address ?? '');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [isResolving, setIsResolving] = useState(false);

  /** spec §5: changing a field clears its message. */
  const change = <F extends Field>(field: F, value: PathValue<CollectionPointForm, F>) => {
    setValue(field, value as never, { shouldDirty: true });
    clearErrors(field);
  };

  /** The chosen place, with what the geocoder knows of it (spec §7 details): city, street, postal code, country. */
  async function placeAt(resolved: ResolvedAddress) {
    if (!resolved.ok) {
      setAddressError(resolved.errorKey);
      return;
    }
    const { destination } = resolved;
    if (destination.latitude === null || destination.longitude === null) {
      setAddressError('No coordinates for that address');
      return;
    }
    let details = resolved.details;
    if (!details && destination.placeId) {
      const place = await queryClient.fetchQuery(placeDetailsQueryOptions(destination.placeId)).catch(() => null);
      details = place?.address ?? null;
    }
    setAddressQuery(destination.formattedAddress);
    change('location', {
      formatted_address: destination.formattedAddress,
      latitude: destination.latitude,
      longitude: destination.longitude,
      city: details?.city ?? null,
      countryCode: details?.country_code ?? countryCode,
      zipcode: details?.postal_code ?? null,
      street: details?.street ?? null,
      streetNumber: details?.street_number ?? null,
    });
  }

  async function resolving(work: () => Promise<ResolvedAddress>) {
    setIsResolving(true);
    try {
      await placeAt(await work());
    } finally {
      setIsResolving(false);
    }
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        vendorId: values.vendorId ?? null,
        body: toOutletBody(values, countryCode),
      });
      // A pending outlet's notice is the one its "ready" replaces, so the two never stand side by side.
      notify({
        message: savedNoticeKeys(saved)
          .map((key) => t(key))
          .join(' '),
        tone: 'success',
        ...(saved.is_pending ? { id: outletNoticeId(saved.vendor_id) } : {}),
      });
      onDone();
    } catch (error) {
      if (error instanceof ApiRequestError) {
        for (const [field, message] of Object.entries(formErrorsOf(error.errors))) {
          setError(field as Field, { message });
        }
      }
      // spec §8: the server's message, else the error's.
      const key = error instanceof ApiRequestError ? error.firstTranslationKey : null;
      const message =
        key && i18n.exists(key)
          ? t(key)
          : error instanceof ApiRequestError && error.isNetworkError
            ? t('error.offline')
            : error instanceof Error && error.message
              ? i18n.exists(error.message)
                ? t(error.message)
                : error.message
              : t('outlet.save-failed');
      notify({ message, tone: 'error' });
    }
  });

  const location = watch('location');
  const parentId = watch('parentVendorId');
  const owners = watch('owners');
  const errorOf = (field: Field): string | undefined => {
    const [name, index] = field.split('.');
    const entry =
      index === undefined
        ? formState.errors[name as keyof CollectionPointForm]
        : (formState.errors.owners as Record<string, { message?: string }> | undefined)?.[index];
    const message = entry && 'message' in entry ? entry.message : undefined;
    return message ? t(message) : undefined;
  };

  return {
    form,
    isEditing,
    parents,
    errorOf,
    /** The raw message of the address (AddressSearch words it). */
    addressError: addressError ?? formState.errors.location?.message ?? null,
    addressQuery,
    isResolving,
    isSaving: save.isPending,
    location,
    parentId,
    owners,
    placeBadges: placeBadgesOf(location),
    mapOutlets: mapOutletsOf(vendors, parentId),
    mapPoint: mapPointOf(location),
    change,
    /** spec §5: the phone keeps only digits and '+' while typed; left, it reads as History writes phones. */
    typePhone: (value: string) => change('phone', sanitizePhone(value)),
    leavePhone: () => setValue('phone', phoneOnLeave(form.getValues('phone'), countryCode)),
    typeAddress: (query: string) => {
      setAddressQuery(query);
      setAddressError(null);
      // spec §5: retyping the address clears the chosen location.
      change('location', null);
    },
    pickAddress: (pick: AddressPick) => void resolving(() => resolve(pick)),
    movePoint: (point: LatLng) => void resolving(() => resolvePoint(point)),
    setOwner: (index: number, value: string) => {
      setValue(
        'owners',
        form.getValues('owners').map((item, i) => (i === index ? value : item)),
      );
      clearErrors(`owners.${index}`);
    },
    /** Owner rows shift when one is removed, so every owner's message is cleared. */
    removeOwner: (index: number) => {
      const current = form.getValues('owners');
      setValue('owners', current.length === 1 ? [''] : current.filter((_, i) => i !== index));
      clearErrors('owners');
    },
    addOwner: () => {
      setValue('owners', [...form.getValues('owners'), '']);
      clearErrors('owners');
    },
    submit,
  };
}
