/** The tabs of Settings → Developers, named by the page's `tab` query parameter; the first is the default. */
export const DEVELOPER_TABS = ['clients', 'webhooks', 'activity'] as const;
export type DeveloperTab = (typeof DEVELOPER_TABS)[number];

export const developerTabOf = (value: string | null): DeveloperTab =>
  (DEVELOPER_TABS as readonly string[]).includes(value ?? '') ? (value as DeveloperTab) : DEVELOPER_TABS[0];
