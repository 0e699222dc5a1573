import { randomUUID } from 'node:crypto';
import { SETTINGS_AUDIT_ACTIONS } from '@riderdesk/domain/console/audit';
import { isValidCountryParameter } from '@riderdesk/domain/console/country-parameters';
import type {
  CountryParameters,
  FlagChangeBody,
  FlagSettings,
  MaintenanceBody,
  PartnerToken,
  PartnerTokenIssueBody,
} from '@riderdesk/domain/contracts/console-settings';
import { FLAG_DEFAULTS, type FlagName } from '@riderdesk/domain/contracts/flags';
import { FLAG_CHANGES_CHANNEL } from '@riderdesk/domain/contracts/live';
import { COUNTRY_PARAMETER_NAMES, type CountryParameterName } from '@riderdesk/domain/contracts/vendors';
import type { Db } from '../../db/db.ts';
import { keyedError } from '../../errors.ts';
import * as partnerTokens from '../auth/partner-tokens.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import type { FlagService } from '../flags/service.ts';
import * as storedFlags from '../flags/stored-flags.ts';
import { recordAudit } from '../operators/audit.ts';
import type { ConsoleOperator } from '../operators/model.ts';
import * as vendorsStore from '../vendors/country-parameters.ts';

/** The console's Platform settings (issue 36, decision 183). */
export type PlatformSettings = ReturnType<typeof platformSettings>;

/** The two maintenance flags are set by the maintenance call alone (admins), never as a flag among others. */
export const MAINTENANCE_FLAGS: Record<MaintenanceBody['kind'], FlagName> = {
  planned: 'PlannedMaintenance',
  unplanned: 'UnplannedMaintenance',
};
const isMaintenanceFlag = (name: string) => (Object.values(MAINTENANCE_FLAGS) as string[]).includes(name);

export const vendorNotFound = () => keyedError(404, 'NotFound', 'console.settings.error.vendor-not-found', 'vendor_id');
export const maintenanceFlag = () =>
  keyedError(400, 'InvalidParameterException', 'console.settings.error.maintenance-flag', 'name');
export const countryParameterInvalid = () =>
  keyedError(400, 'InvalidParameterException', 'console.settings.error.country-parameter-invalid', 'value');
export const partnerTokenNotFound = () =>
  keyedError(404, 'NotFound', 'console.settings.error.partner-token-not-found', 'tokenId');

function tokenView(row: partnerTokens.PartnerTokenRow): PartnerToken {
  return {
    id: row.id,
    vendor_id: row.vendor_id,
    label: row.label,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

/**
 * Every flag change NOTIFYs `flag_changes` in its transaction: each instance hears it once committed and tells
 * its open pages (live `flags_changed`), which read their flags again. The flags themselves are read from the
 * database on every call, so every instance enforces the new value at once.
 */
async function announceFlagChange(tx: Db, name: string): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [FLAG_CHANGES_CHANNEL, name]);
}

export function platformSettings(deps: { db: Db; now: () => Date; flags: FlagService; countryCode: string }) {
  async function setFlag(by: ConsoleOperator, name: FlagName, body: FlagChangeBody): Promise<void> {
    const at = deps.now();
    await deps.db.transaction(async (tx) => {
      const { scope, value } = body;
      let before: boolean | null;
      let targetId: string;
      if (scope.kind === 'global') {
        before = (await storedFlags.findFlags(tx)).find((row) => row.name === name)?.value ?? null;
        // The deployment's value cannot be removed: null puts back the built-in default.
        await storedFlags.setFlag(tx, name, value ?? FLAG_DEFAULTS[name]);
        targetId = name;
      } else {
        const flagScope =
          scope.kind === 'country' ? { countryCode: scope.country_code } : { vendorId: scope.vendor_id };
        if (scope.kind === 'vendor' && !(await vendorsStore.findVendor(tx, scope.vendor_id))) throw vendorNotFound();
        before = await storedFlags.findOverride(tx, name, flagScope);
        await storedFlags.setOverride(tx, name, flagScope, value);
        targetId = `${name}@${scope.kind === 'country' ? scope.country_code : scope.vendor_id}`;
      }
      await announceFlagChange(tx, name);
      await recordAudit(tx, {
        at,
        operatorId: by.id,
        action: isMaintenanceFlag(name) ? SETTINGS_AUDIT_ACTIONS.setMaintenance : SETTINGS_AUDIT_ACTIONS.setFlag,
        target: { type: 'flag', id: targetId },
        before: { scope: scope.kind, value: before },
        after: { scope: scope.kind, value: scope.kind === 'global' ? (value ?? FLAG_DEFAULTS[name]) : value },
      });
    });
  }

  return {
    async flagSettings(): Promise<FlagSettings> {
      const [global, overrides, effective] = await Promise.all([
        storedFlags.findFlags(deps.db),
        storedFlags.listOverrides(deps.db),
        deps.flags.variations(),
      ]);
      return {
        defaults: { ...FLAG_DEFAULTS },
        global: Object.fromEntries(global.map((row) => [row.name, row.value])),
        overrides: overrides.map((row) => ({
          name: row.name,
          value: row.value,
          country_code: row.country_code || null,
          vendor_id: row.vendor_id || null,
        })),
        effective,
      };
    },

    /** A flag for the deployment, a country or a vendor (admins and operations); not the maintenance flags. */
    async changeFlag(by: ConsoleOperator, name: FlagName, body: FlagChangeBody): Promise<FlagSettings> {
      if (isMaintenanceFlag(name)) throw maintenanceFlag();
      await setFlag(by, name, body);
      return this.flagSettings();
    },

    async maintenance() {
      const flags = await deps.flags.variations();
      return { planned: flags.PlannedMaintenance === true, unplanned: flags.UnplannedMaintenance === true };
    },

    /** Planned or unplanned maintenance for the whole deployment, on every instance and open page at once. */
    async setMaintenance(by: ConsoleOperator, body: MaintenanceBody) {
      await setFlag(by, MAINTENANCE_FLAGS[body.kind], { scope: { kind: 'global' }, value: body.on });
      return this.maintenance();
    },

    async countryParameters(): Promise<CountryParameters> {
      const entries = await Promise.all(
        COUNTRY_PARAMETER_NAMES.map(async (name) => [name, await vendorsStore.getCountryParameter(deps.db, name)]),
      );
      return { parameters: Object.fromEntries(entries) };
    },

    /** spec §7's country parameters, each checked as the portal and the API read it before it is stored. */
    async setCountryParameter(by: ConsoleOperator, name: CountryParameterName, value: string) {
      if (!isValidCountryParameter(name, value)) throw countryParameterInvalid();
      const at = deps.now();
      await deps.db.transaction(async (tx) => {
        const before = await vendorsStore.getCountryParameter(tx, name);
        await vendorsStore.setCountryParameter(tx, name, value);
        await recordAudit(tx, {
          at,
          operatorId: by.id,
          action: SETTINGS_AUDIT_ACTIONS.setCountryParameter,
          target: { type: 'country-parameter', id: name },
          before: { value: before },
          after: { value },
        });
      });
      return this.countryParameters();
    },

    async partnerTokens(): Promise<PartnerToken[]> {
      return (await partnerTokens.listPartnerTokens(deps.db)).map(tokenView);
    },

    /**
     * A partner (GODROID) token naming a vendor (decision 081): 256 random bits, answered once; only its sha256
     * is kept, and the audit log holds its id, never the token.
     */
    async issuePartnerToken(by: ConsoleOperator, body: PartnerTokenIssueBody) {
      const vendor = await vendorsStore.findVendor(deps.db, body.vendor_id);
      if (!vendor || vendor.is_guest) throw vendorNotFound();
      const id = randomUUID();
      const token = `gd_${randomToken()}`;
      const at = deps.now();
      const days = body.days ?? 30;
      const expiresAt = new Date(at.getTime() + days * 86_400_000);
      const label = body.label ?? null;
      await deps.db.transaction(async (tx) => {
        await partnerTokens.insertPartnerToken(tx, {
          id,
          vendorId: vendor.vendor_id,
          tokenHash: sha256(token),
          label,
          now: at,
          expiresAt,
        });
        await recordAudit(tx, {
          at,
          operatorId: by.id,
          action: SETTINGS_AUDIT_ACTIONS.issuePartnerToken,
          target: { type: 'partner-token', id },
          before: null,
          after: { vendor_id: vendor.vendor_id, label, expires_at: expiresAt.toISOString() },
        });
      });
      return {
        token,
        id,
        vendor_id: vendor.vendor_id,
        label,
        created_at: at.toISOString(),
        expires_at: expiresAt.toISOString(),
        revoked_at: null,
      };
    },

    /** Revoked, a token is refused on the next request on every instance (each request reads it). */
    async revokePartnerToken(by: ConsoleOperator, tokenId: string): Promise<PartnerToken> {
      const at = deps.now();
      return deps.db.transaction(async (tx) => {
        if (!(await partnerTokens.revokePartnerToken(tx, tokenId, at))) throw partnerTokenNotFound();
        const row = await partnerTokens.findPartnerToken(tx, tokenId);
        if (!row) throw partnerTokenNotFound();
        await recordAudit(tx, {
          at,
          operatorId: by.id,
          action: SETTINGS_AUDIT_ACTIONS.revokePartnerToken,
          target: { type: 'partner-token', id: tokenId },
          before: { vendor_id: row.vendor_id, revoked_at: null },
          after: { vendor_id: row.vendor_id, revoked_at: at.toISOString() },
        });
        return tokenView(row);
      });
    },
  };
}
