import { zodResolver } from '@hookform/resolvers/zod';
import type { WebhookEndpoint } from '@riderdesk/domain/contracts/webhooks';
import {
  emptyWebhookEndpointForm,
  toWebhookCreateBody,
  toWebhookUpdateBody,
  type WebhookEndpointForm,
  WebhookEndpointFormSchema,
} from '@riderdesk/domain/validation/developer-forms';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint.ts';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint.ts';
import { useErrorText } from './use-error-text.ts';

const FIELDS: readonly string[] = ['vendor_id', 'url', 'events', 'lang'];

/** A webhook endpoint's form, new or edited; a new one answers its signing secret, shown once. */
export function useWebhookForm(editing: WebhookEndpoint | null, initialVendorId: string | null, onSaved: () => void) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const initial: WebhookEndpointForm = editing
    ? { ...emptyWebhookEndpointForm(editing.vendor_id, i18n.language), url: editing.url, events: editing.events }
    : emptyWebhookEndpointForm(initialVendorId, i18n.language);
  const form = useForm<WebhookEndpointForm>({
    defaultValues: initial,
    resolver: zodResolver(WebhookEndpointFormSchema),
    reValidateMode: 'onSubmit',
  });
  const [secret, setSecret] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const refuse = (error: unknown, fallbackKey: string) => {
    const field = error instanceof ApiRequestError ? error.errors[0]?.field : undefined;
    const message = errorText(error, fallbackKey);
    if (field && FIELDS.includes(field)) form.setError(field as FieldPath<WebhookEndpointForm>, { message });
    else setFailure(message);
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    if (editing) {
      // The language is not listed with an endpoint: it is sent only when the merchant changed it here.
      const body = toWebhookUpdateBody(values, initial);
      if (!body) return onSaved();
      try {
        await update.mutateAsync({ endpointId: editing.id, body });
        onSaved();
      } catch (error) {
        refuse(error, 'developers.webhooks.error.save');
      }
      return;
    }
    try {
      setSecret((await create.mutateAsync(toWebhookCreateBody(values))).secret);
    } catch (error) {
      refuse(error, 'developers.webhooks.error.save');
    }
  });

  return {
    form,
    submit,
    secret,
    failure,
    isSaving: create.isPending || update.isPending,
    errorOf: (field: keyof WebhookEndpointForm) => {
      const message = form.formState.errors[field]?.message;
      return message ? t(message) : undefined;
    },
  };
}
