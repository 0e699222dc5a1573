import {
  type CountryParameterBody,
  CountryParametersSchema,
  type FlagChangeBody,
  FlagSettingsSchema,
  type MaintenanceBody,
  MaintenanceStateSchema,
  type PartnerTokenIssueBody,
  PartnerTokenIssuedSchema,
  PartnerTokenListSchema,
  PartnerTokenSchema,
} from '@riderdesk/domain/contracts/console-settings';
import type { CountryParameterName } from '@riderdesk/domain/contracts/vendors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_API, consoleApi } from '../../shared/console-api.ts';

/** Query keys of the console's Platform settings page; no other section reads these. */
export const settingsKeys = {
  flags: ['console', 'settings', 'flags'] as const,
  maintenance: ['console', 'settings', 'maintenance'] as const,
  country: ['console', 'settings', 'country-parameters'] as const,
  partners: ['console', 'settings', 'partner-tokens'] as const,
};

const once = { retries: 0 } as const;

export const useFlagSettings = () =>
  useQuery({
    queryKey: settingsKeys.flags,
    queryFn: ({ signal }) => consoleApi.get(`${CONSOLE_API}/settings/flags`, { schema: FlagSettingsSchema, signal }),
  });

export function useChangeFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, body }: { name: string; body: FlagChangeBody }) =>
      consoleApi.put(`${CONSOLE_API}/settings/flags/${encodeURIComponent(name)}`, body, {
        schema: FlagSettingsSchema,
        ...once,
      }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.flags, settings),
  });
}

export const useMaintenance = (enabled: boolean) =>
  useQuery({
    queryKey: settingsKeys.maintenance,
    queryFn: ({ signal }) =>
      consoleApi.get(`${CONSOLE_API}/settings/maintenance`, { schema: MaintenanceStateSchema, signal }),
    enabled,
  });

export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MaintenanceBody) =>
      consoleApi.put(`${CONSOLE_API}/settings/maintenance`, body, { schema: MaintenanceStateSchema, ...once }),
    onSuccess: (state) => {
      queryClient.setQueryData(settingsKeys.maintenance, state);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.flags });
    },
  });
}

export const useCountryParameters = (enabled: boolean) =>
  useQuery({
    queryKey: settingsKeys.country,
    queryFn: ({ signal }) =>
      consoleApi.get(`${CONSOLE_API}/settings/country-parameters`, { schema: CountryParametersSchema, signal }),
    enabled,
  });

export function useSetCountryParameter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, body }: { name: CountryParameterName; body: CountryParameterBody }) =>
      consoleApi.put(`${CONSOLE_API}/settings/country-parameters/${name}`, body, {
        schema: CountryParametersSchema,
        ...once,
      }),
    onSuccess: (parameters) => queryClient.setQueryData(settingsKeys.country, parameters),
  });
}

export const usePartnerTokens = (enabled: boolean) =>
  useQuery({
    queryKey: settingsKeys.partners,
    queryFn: ({ signal }) =>
      consoleApi.get(`${CONSOLE_API}/settings/partner-tokens`, { schema: PartnerTokenListSchema, signal }),
    enabled,
  });

export function useIssuePartnerToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerTokenIssueBody) =>
      consoleApi.post(`${CONSOLE_API}/settings/partner-tokens`, body, { schema: PartnerTokenIssuedSchema, ...once }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.partners }),
  });
}

export function useRevokePartnerToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      consoleApi.post(
        `${CONSOLE_API}/settings/partner-tokens/${encodeURIComponent(tokenId)}/revoke`,
        {},
        {
          schema: PartnerTokenSchema,
          ...once,
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.partners }),
  });
}
