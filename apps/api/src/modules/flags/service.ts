import { FLAG_DEFAULTS, FLAG_NAMES, type FlagName } from '@riderdesk/domain/contracts/flags';
import type { Db } from '../../db/db.ts';

export type FlagService = ReturnType<typeof flagService>;

export const isFlagName = (name: string): name is FlagName => (FLAG_NAMES as string[]).includes(name);

export function flagService(db: Db) {
  return {
    /** Built-in defaults overridden by the operator's feature_flags rows. */
    async variations(): Promise<Record<string, boolean>> {
      const rows = await db.query<{ name: string; value: boolean }>('select name, value from feature_flags');
      const variations: Record<string, boolean> = { ...FLAG_DEFAULTS };
      for (const row of rows) if (isFlagName(row.name)) variations[row.name] = row.value;
      return variations;
    },

    async set(name: FlagName, value: boolean): Promise<void> {
      await db.query(
        `insert into feature_flags (name, value) values ($1, $2)
         on conflict (name) do update set value = excluded.value`,
        [name, value],
      );
    },
  };
}
