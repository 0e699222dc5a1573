import { describe, expect, it } from 'vitest';
import { settingsTabOf, settingsTabsOf } from './settings-view.ts';

describe('the platform settings tabs', () => {
  it('shows admins every tab and operations the flags only', () => {
    expect(settingsTabsOf('admin')).toEqual(['maintenance', 'flags', 'country', 'partners']);
    expect(settingsTabsOf('operations')).toEqual(['flags']);
    expect(settingsTabsOf('support')).toEqual([]);
  });

  it('opens the tab a link names only when the operator sees it', () => {
    expect(settingsTabOf('partners', 'admin')).toBe('partners');
    expect(settingsTabOf('partners', 'operations')).toBe('flags');
    expect(settingsTabOf(null, 'admin')).toBe('maintenance');
  });
});
