import { FLAG_DEFAULTS, FLAG_NAMES, type FlagName } from '@riderdesk/domain/contracts/flags';
import type { Db } from '../../db/db.ts';
import * as repo from './repo.ts';

export type FlagService = ReturnType<typeof flagService>;

export const isFlagName = (name: string): name is FlagName => (FLAG_NAMES as string[]).includes(name);

/** Whose flags: the deployment's country, and the vendor an action is for when there is one. */
export interface FlagSubject {
  vendorId?: string | null;
}

export function flagService(db: Db, countryCode: string) {
  return {
    /**
     * The flags as they hold for a subject: built-in defaults, then the deployment-wide values, then the
     * country's, then the parent vendor's and the vendor's own (spec §6: flags per country and per vendor).
     */
    async variations(subject: FlagSubject = {}): Promise<Record<string, boolean>> {
      const variations: Record<string, boolean> = { ...FLAG_DEFAULTS };
      const [global, overrides] = await Promise.all([
        repo.findFlags(db),
        repo.findOverrides(db, countryCode, subject.vendorId ?? null),
      ]);
      for (const row of [...global, ...overrides]) if (isFlagName(row.name)) variations[row.name] = row.value;
      return variations;
    },

    async isOn(name: FlagName, subject: FlagSubject = {}): Promise<boolean> {
      return (await this.variations(subject))[name] === true;
    },

    /** The deployment-wide value. */
    set(name: FlagName, value: boolean): Promise<void> {
      return repo.setFlag(db, name, value);
    },

    /** A country's or a vendor's value; null removes it, so the wider value holds again. */
    setFor(name: FlagName, scope: repo.FlagScope, value: boolean | null): Promise<void> {
      return repo.setOverride(db, name, scope, value);
    },
  };
}
