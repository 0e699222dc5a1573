import { mayOperate, type OperatorRole } from '@riderdesk/domain/console/roles';

/** The Platform settings page's tabs, and who sees each (the server refuses the others' calls all the same). */
export const SETTINGS_TABS = [
  { id: 'maintenance', roles: [] as OperatorRole[] },
  { id: 'flags', roles: ['operations'] as OperatorRole[] },
  { id: 'country', roles: [] as OperatorRole[] },
  { id: 'partners', roles: [] as OperatorRole[] },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['id'];

/** The tabs an operator of `role` sees: admins all, operations the flags. */
export function settingsTabsOf(role: OperatorRole): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => role === 'admin' || (tab.roles.length > 0 && mayOperate(role, tab.roles))).map(
    (tab) => tab.id,
  );
}

/** The tab a link names, when the operator sees it; else their first. */
export function settingsTabOf(value: string | null, role: OperatorRole): SettingsTab {
  const tabs = settingsTabsOf(role);
  return (tabs as string[]).includes(value ?? '') ? (value as SettingsTab) : (tabs[0] ?? 'flags');
}
