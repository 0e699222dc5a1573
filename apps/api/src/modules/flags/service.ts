import { FLAG_DEFAULTS, FLAG_NAMES, type FlagName } from '@riderdesk/domain/contracts/flags';
import type { Db } from '../../db/db.ts';
import * as repo from './repo.ts';

export type FlagService = ReturnType<typeof flagService>;

export const isFlagName = (name: string): name is FlagName => (FLAG_NAMES as string[]).includes(name);

export function flagService(db: Db) {
  return {
    /** Built-in defaults overridden by the operator's feature_flags rows. */
    async variations(): Promise<Record<string, boolean>> {
      const variations: Record<string, boolean> = { ...FLAG_DEFAULTS };
      for (const row of await repo.findFlags(db)) if (isFlagName(row.name)) variations[row.name] = row.value;
      return variations;
    },

    set(name: FlagName, value: boolean): Promise<void> {
      return repo.setFlag(db, name, value);
    },
  };
}
