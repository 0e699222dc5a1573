import { zodResolver } from '@hookform/resolvers/zod';
import type { ApiClient } from '@riderdesk/domain/contracts/merchant-api';
import {
  type ApiClientForm,
  ApiClientFormSchema,
  emptyApiClientForm,
  toApiClientBody,
} from '@riderdesk/domain/validation/developer-forms';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { useCreateApiClient } from '../api/create-api-client.ts';
import { downloadPrivateKey } from '../key-pair.ts';
import { useErrorText } from './use-error-text.ts';
import { useKeyPairMaker } from './use-key-pair-maker.ts';

export interface ApiClientCreatedView {
  client: ApiClient;
  /** The client secret, when one was asked for: shown once. */
  secret: string | null;
  /** The file the private key was downloaded to, when the pair was made here. */
  privateKeyFile: string | null;
}

const FIELDS: readonly FieldPath<ApiClientForm>[] = ['vendor_id', 'name', 'public_key_pem', 'outlet_ids'];

/** The new client form: checked by the domain's schema, the key pair made in the browser, the answer shown once. */
export function useApiClientForm(initialVendorId: string | null) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const create = useCreateApiClient();
  const form = useForm<ApiClientForm>({
    defaultValues: emptyApiClientForm(initialVendorId),
    resolver: zodResolver(ApiClientFormSchema),
    reValidateMode: 'onSubmit',
  });
  const [created, setCreated] = useState<ApiClientCreatedView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const keyPair = useKeyPairMaker();

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const pair = values.credential === 'generate' ? await keyPair.make() : null;
    if (values.credential === 'generate' && !pair) return setFailure(t('developers.clients.error.generate'));
    const publicKeyPem = pair?.publicKeyPem ?? (values.credential === 'upload' ? values.public_key_pem : null);
    try {
      const answer = await create.mutateAsync(toApiClientBody(values, publicKeyPem));
      const keyId = answer.client.keys[0]?.key_id;
      const privateKeyFile = pair && keyId ? downloadPrivateKey(answer.client.name, keyId, pair.privateKeyPem) : null;
      setCreated({ client: answer.client, secret: answer.client_secret, privateKeyFile });
    } catch (error) {
      const field = error instanceof ApiRequestError ? error.errors[0]?.field : undefined;
      const message = errorText(error, 'developers.clients.error.create');
      if (field && (FIELDS as readonly string[]).includes(field)) {
        form.setError(field as FieldPath<ApiClientForm>, { message });
      } else {
        setFailure(message);
      }
    }
  });

  return {
    form,
    submit,
    created,
    failure,
    isSaving: keyPair.isGenerating || create.isPending,
    /** A field's message in the page's language (the schema's keys, or the server's sentence). */
    errorOf: (field: FieldPath<ApiClientForm>) => {
      const message = form.formState.errors[field as keyof ApiClientForm]?.message;
      return message ? t(message) : undefined;
    },
  };
}
