/** Query keys of Settings → Developers; no other feature reads these. */
export const developerKeys = {
  all: ['developers'] as const,
  clients: ['developers', 'clients'] as const,
  endpoints: ['developers', 'webhook-endpoints'] as const,
  deliveries: (endpointId: string) => ['developers', 'webhook-endpoints', endpointId, 'deliveries'] as const,
  activity: (clientId: string | null) => ['developers', 'activity', clientId] as const,
};
