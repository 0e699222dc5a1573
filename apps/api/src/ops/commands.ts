import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { COUNTRY_CODES } from '@riderdesk/domain/config';
import { OPERATOR_ROLES } from '@riderdesk/domain/console/roles';
import { OperatorNameSchema } from '@riderdesk/domain/contracts/console-operators';
import { FLAG_NAMES } from '@riderdesk/domain/contracts/flags';
import { COUNTRY_PARAMETER_NAMES } from '@riderdesk/domain/contracts/vendors';
import {
  MESSAGE_LANGUAGES,
  WHATSAPP_LANGUAGE,
  WHATSAPP_PARAMETERS,
  whatsappTemplateBody,
} from '@riderdesk/domain/messaging/customer-messages';
import { z } from 'zod';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { AppError } from '../errors.ts';
import { hashPassword, passwordHasher } from '../modules/auth/passwords.ts';
import * as authRepo from '../modules/auth/repo.ts';
import { GODROID_TOKEN_TTL_S, randomToken, sha256 } from '../modules/auth/tokens.ts';
import * as ridersRepo from '../modules/dispatch/repo.ts';
import { flagService, isFlagName } from '../modules/flags/service.ts';
import * as ticketsRepo from '../modules/help-centre/repo.ts';
import * as insightsRollups from '../modules/insights/workflows/rollups.ts';
import { operatorsService } from '../modules/operators/service.ts';
import { orderRecords } from '../modules/orders/records.ts';
import { shiftOrderTimesBack } from '../modules/orders/repo.ts';
import { decideOutlet } from '../modules/vendors/outlet-decisions.ts';
import { newRegistrationCode } from '../modules/vendors/registration-code.ts';
import * as vendorsRepo from '../modules/vendors/repo.ts';

export interface OpsContext {
  db: Db;
  config: AppConfig;
  /** The clock partner tokens are minted and revoked by; the wall clock by default. */
  now?: () => Date;
}

/** A mistake of the operator's: printed with the usage, exit code 2. */
export class OpsError extends Error {}

/** Support tickets merchants opened from the help centre, one a line. */
export async function listTickets(ctx: OpsContext, all: boolean): Promise<string> {
  const rows = await ticketsRepo.listTickets(ctx.db, { all, limit: 200 });
  if (rows.length === 0) return all ? 'No support tickets.' : 'No open support tickets.';
  return rows
    .map((row) =>
      [
        row.ticket_number,
        row.status,
        row.created_at.toISOString(),
        row.vendor_id,
        row.order_id,
        row.email,
        JSON.stringify(row.message),
      ].join('\t'),
    )
    .join('\n');
}

/**
 * The WhatsApp message templates to submit to Meta for approval (decision 175): each message kind in each language,
 * its name as the Cloud API adapter sends it and its body with numbered parameters, from the locale catalogues.
 */
export function whatsappTemplates(ctx: OpsContext): string {
  const prefix =
    ctx.config.messaging.whatsapp.provider === 'cloud' ? ctx.config.messaging.whatsapp.templatePrefix : 'riderdesk_';
  const blocks: string[] = [];
  for (const language of MESSAGE_LANGUAGES) {
    const catalogue = JSON.parse(readFileSync(path.join(ctx.config.localesDir, `${language}.json`), 'utf8')) as {
      'customer-messages': { text: Record<string, string> };
    };
    for (const [key, text] of Object.entries(catalogue['customer-messages'].text)) {
      const parameters = WHATSAPP_PARAMETERS.filter((name) => text.includes(`{{${name}}}`));
      blocks.push(
        [
          `${prefix}${key}  (language ${WHATSAPP_LANGUAGE[language]}, category UTILITY)`,
          `  parameters: ${parameters.map((name, index) => `{{${index + 1}}} ${name}`).join(', ')}`,
          `  body: ${whatsappTemplateBody(text)}`,
        ].join('\n'),
      );
    }
  }
  return blocks.join('\n\n');
}

/** Orders flagged for a person to solve (decision 175), oldest flag first, one a line. */
export async function listExceptions(ctx: OpsContext): Promise<string> {
  const rows = await orderRecords(ctx.db).flagged(200);
  if (rows.length === 0) return 'No open order exceptions.';
  return rows
    .map((row) =>
      [row.exception_at?.toISOString() ?? '', row.exception, row.vendor_id, row.order_id, row.status].join('\t'),
    )
    .join('\n');
}

export const USAGE = `Usage: npm run ops -- <command> [options]

Commands:
  create-vendor --id <id> --name <name> [--parent] [--lat <lat> --lng <lng>] [--address <text>] [--city <city>] [--email <e-mail>]
  create-outlet --parent <parentId> --id <id> --name <name> --lat <lat> --lng <lng> --address <text> [--pending]
                                         --pending: waits for an operator's approval in the console
  create-user --email <e-mail> --password <password> --vendor <id> [--vendor <id> ...]
  create-rider --name <name> --phone <phone> [--vehicle <vehicle>]
  vendor-code <vendorId>                 print (or generate) the vendor-code registration details
  list-vendors
  approve-outlet <vendorId>              make a pending (or deactivated) collection point active now
  deactivate-outlet <vendorId>           take a collection point out of service (orders are refused)
  godroid-token --vendor <id> [--days <1-365>] [--label <text>]
                                         mint a GoDroid (partner app) token naming that vendor (default
                                         30 days); it is printed once, only its sha256 is kept
  godroid-tokens [--vendor <id>]         list partner tokens (id, vendor, label, expiry, revoked)
  revoke-godroid-token <tokenId>         stop honouring a partner token at once
  set-flag <name> <true|false|unset> [--country <code> | --vendor <id>]
                                         the flag for the deployment, or for one country or one vendor
                                         (and its collection points); unset removes a country's or vendor's
  set-country-parameter <name> <value>
  tickets [--all]                        help centre support tickets, newest first (open ones unless --all)
  create-operator --email <e-mail> --role <admin|operations|support|finance> [--name <name>]
                                         an operator of the console: prints their set-up link once (valid
                                         72 hours); again for one who has not set up yet, a new link
  insights-rebuild [--vendor <id>]       write the insights rollups again from the orders (every vendor's,
                                         or one vendor's)
  insights-check [--vendor <id>]         compare the insights rollups with a full recomputation from the orders
  age-order <orderId> --minutes <1-1440> move an order's times back, so the dispatcher's time rules (DELAYED,
                                         no courier) apply at once; refused in production (ENVIRONMENT=prd)
  exceptions                             orders flagged for a person (a handover PIN refused too often), oldest first
  whatsapp-templates                     the WhatsApp templates to have approved, in every language, with their parameters`;

const latitude = z.coerce.number().min(-90).max(90);
const longitude = z.coerce.number().min(-180).max(180);

function need<T>(value: T | undefined, name: string): T {
  if (value === undefined || value === '') throw new OpsError(`--${name} is required`);
  return value;
}

function coordinates(lat: string | undefined, lng: string | undefined) {
  if (lat === undefined && lng === undefined) return { latitude: null, longitude: null };
  const parsedLat = latitude.safeParse(need(lat, 'lat'));
  const parsedLng = longitude.safeParse(need(lng, 'lng'));
  if (!parsedLat.success || !parsedLng.success) throw new OpsError('--lat and --lng must be valid coordinates');
  return { latitude: parsedLat.data, longitude: parsedLng.data };
}

type ParseOptions = NonNullable<ParseArgsConfig['options']>;

/** What create-vendor and create-outlet both take; --parent differs (a flag for one, an id for the other). */
const VENDOR_OPTIONS = {
  id: { type: 'string' },
  name: { type: 'string' },
  lat: { type: 'string' },
  lng: { type: 'string' },
  address: { type: 'string' },
  city: { type: 'string' },
  email: { type: 'string' },
} satisfies ParseOptions;

function vendorBasics(values: Record<string, unknown>) {
  return {
    id: need(values.id as string | undefined, 'id'),
    name: need(values.name as string | undefined, 'name'),
    city: (values.city as string | undefined) ?? null,
    email: (values.email as string | undefined) ?? null,
  };
}

export interface CreateVendorInput {
  id: string;
  name: string;
  isParent?: boolean;
  parentId?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  address?: string | null;
  city?: string | null;
  email?: string | null;
  /** A collection point waiting for an operator's approval (no activation job is sent for it). */
  isPending?: boolean;
}

export async function createVendor({ db, config }: OpsContext, input: CreateVendorInput): Promise<string> {
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/i.test(input.id)) {
    throw new OpsError('--id must be letters, digits and dashes (at most 64)');
  }
  if (input.parentId) {
    const parent = await vendorsRepo.findVendor(db, input.parentId);
    if (!parent) throw new OpsError(`parent vendor ${input.parentId} does not exist`);
    if (!parent.is_parent) throw new OpsError(`vendor ${input.parentId} is not a parent (create it with --parent)`);
  }
  const { country, defaultPaymentMethod } = config.deployment;
  const created = await vendorsRepo.insertVendor(db, {
    vendor_id: input.id,
    name: input.name,
    is_parent: input.isParent ?? false,
    parent_vendor_id: input.parentId ?? null,
    ...(input.isPending ? { is_active: false, is_pending: true } : {}),
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    address_text: input.address ?? null,
    city: input.city ?? null,
    contact_email: input.email ?? null,
    owners: input.email ? [input.email.toLowerCase()] : [],
    currency: country.currency,
    country_code: country.code,
    payment_methods: { [defaultPaymentMethod]: true },
    delivery_area: input.latitude != null ? { type: 'radius', radius_km: 8 } : null,
  });
  if (!created) throw new OpsError(`vendor ${input.id} already exists`);
  return `created ${input.parentId ? 'outlet' : 'vendor'} ${input.id} (${input.name})${input.isPending ? ', pending' : ''}`;
}

export async function createUser(
  { db, config }: OpsContext,
  input: { email: string; password: string; vendorIds: string[] },
): Promise<string> {
  const email = z.email().safeParse(input.email.trim().toLowerCase());
  if (!email.success) throw new OpsError('--email must be an e-mail address');
  if (input.vendorIds.length === 0) throw new OpsError('--vendor is required (repeat it to link several)');
  for (const vendorId of input.vendorIds) {
    if (!(await vendorsRepo.findVendor(db, vendorId))) throw new OpsError(`vendor ${vendorId} does not exist`);
  }
  const passwordHash = await hashPassword(input.password, config.passwordHashCost);
  return db.transaction(async (tx) => {
    const user = await authRepo.insertUser(tx, { email: email.data, passwordHash, confirmedAt: new Date() });
    if (!user) throw new OpsError(`a user with e-mail ${email.data} already exists`);
    for (const vendorId of input.vendorIds) await vendorsRepo.linkUserToVendor(tx, user.id, vendorId);
    return `created user ${user.email} (${user.id}) linked to ${input.vendorIds.join(', ')}`;
  });
}

export async function createRider(
  { db }: OpsContext,
  input: { name: string; phone: string; vehicle?: string },
): Promise<{ id: string; token: string; text: string }> {
  if (!/^\+?\d{6,15}$/.test(input.phone)) throw new OpsError('--phone must be digits with an optional leading +');
  const token = randomBytes(32).toString('base64url');
  const id = await ridersRepo.insertRider(db, {
    name: input.name,
    phone: input.phone,
    vehicle: input.vehicle,
    tokenHash: sha256(token),
  });
  if (!id) throw new OpsError(`a rider with phone ${input.phone} already exists`);
  return { id, token, text: `created rider ${input.name} (${id})\nrider token (shown once, keep it safe): ${token}` };
}

/** Moves an order's times back so a time rule applies now (trying the console's live board); never in prd. */
export async function ageOrder(ctx: OpsContext, orderId: string, minutesText: string): Promise<string> {
  if (ctx.config.deployment.environment === 'prd') throw new OpsError('age-order is refused in production');
  const minutes = z.coerce.number().int().min(1).max(1440).safeParse(minutesText);
  if (!minutes.success) throw new OpsError('--minutes must be a whole number from 1 to 1440');
  if (!(await shiftOrderTimesBack(ctx.db, orderId, minutes.data)))
    throw new OpsError(`order ${orderId} does not exist`);
  return `order ${orderId} moved ${minutes.data} minutes back; the dispatcher applies its time rules on its next pass`;
}

export async function vendorCode(
  { db }: OpsContext,
  vendorId: string,
): Promise<{ code: string; contactEmail: string | null; text: string }> {
  const vendor = await vendorsRepo.findVendor(db, vendorId);
  if (!vendor) throw new OpsError(`vendor ${vendorId} does not exist`);
  let code = vendor.registration_code;
  const contactEmail = vendor.contact_email ?? vendor.owners[0] ?? null;
  if (!code) {
    code = newRegistrationCode();
    if (!contactEmail) throw new OpsError(`vendor ${vendorId} has no contact e-mail; recreate it with --email`);
    await vendorsRepo.setRegistration(db, vendorId, { code, contactEmail });
  }
  const linked = vendor.is_registered ? ' (already linked to a user: registration will be refused)' : '';
  return { code, contactEmail, text: `vendor ${vendorId}: code ${code}, vendor e-mail ${contactEmail}${linked}` };
}

export async function listVendors({ db }: OpsContext): Promise<string> {
  // Guests' own vendors are not merchants.
  const vendors = (await vendorsRepo.listVendors(db)).filter((vendor) => !vendor.is_guest);
  if (vendors.length === 0) return 'no vendors';
  return vendors
    .map((v) => {
      const kind = v.is_parent ? 'parent' : v.parent_vendor_id ? `outlet of ${v.parent_vendor_id}` : 'vendor';
      const where = v.latitude != null ? `${v.latitude},${v.longitude}` : 'no coordinates';
      const state = v.is_pending ? 'pending' : v.is_active ? null : 'inactive';
      const flags = [state, v.is_registered ? 'registered' : null].filter(Boolean);
      return `${v.vendor_id}\t${v.name}\t${kind}\t${where}${flags.length ? `\t${flags.join(', ')}` : ''}`;
    })
    .join('\n');
}

/** An operator's decision on a collection point, whatever its activation job did or will do (decisions 055, 180). */
export async function setOutletActive(
  { db, now = () => new Date() }: OpsContext,
  vendorId: string,
  isActive: boolean,
): Promise<string> {
  const decided = await db.transaction((tx) =>
    decideOutlet(tx, vendorId, { isActive, area: 'default', operatorId: null, at: now() }),
  );
  if (!decided) throw new OpsError(`${vendorId} is not a collection point`);
  return `collection point ${vendorId} is ${isActive ? 'active' : 'deactivated'}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Mints a partner (GODROID) token naming a vendor (docs/decisions/081-partner-tokens.md): 256 random bits,
 * shown once; the database keeps only its sha256, so a leaked table does not let anyone in.
 */
export async function mintGodroidToken(
  { db, now = () => new Date() }: OpsContext,
  vendorId: string,
  options: { days?: number; label?: string | null } = {},
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const vendor = await vendorsRepo.findVendor(db, vendorId);
  if (!vendor || vendor.is_guest) throw new OpsError(`vendor ${vendorId} does not exist`);
  const days = options.days ?? GODROID_TOKEN_TTL_S / 86_400;
  if (!Number.isInteger(days) || days < 1 || days > 365)
    throw new OpsError('--days must be a whole number from 1 to 365');
  const id = randomUUID();
  const token = `gd_${randomToken()}`;
  const at = now();
  const expiresAt = new Date(at.getTime() + days * 86_400_000);
  await authRepo.insertPartnerToken(db, {
    id,
    vendorId,
    tokenHash: sha256(token),
    label: options.label ?? null,
    now: at,
    expiresAt,
  });
  return { id, token, expiresAt };
}

export async function godroidToken(ctx: OpsContext, vendorId: string): Promise<string> {
  return (await mintGodroidToken(ctx, vendorId)).token;
}

export async function listGodroidTokens({ db }: OpsContext, vendorId?: string): Promise<string> {
  const rows = await authRepo.listPartnerTokens(db, vendorId);
  if (rows.length === 0) return 'no partner tokens';
  return rows
    .map((row) =>
      [
        row.id,
        row.vendor_id,
        row.label ?? '-',
        `expires ${row.expires_at.toISOString()}`,
        row.revoked_at ? `revoked ${row.revoked_at.toISOString()}` : 'live',
      ].join('  '),
    )
    .join('\n');
}

export async function revokeGodroidToken({ db, now = () => new Date() }: OpsContext, tokenId: string): Promise<string> {
  if (!UUID.test(tokenId)) throw new OpsError('the token id is a UUID, as godroid-tokens lists it');
  if (!(await authRepo.revokePartnerToken(db, tokenId, now()))) {
    throw new OpsError(`no live partner token ${tokenId}`);
  }
  return `partner token ${tokenId} revoked`;
}

export async function setFlag(
  { db }: OpsContext,
  name: string,
  value: string,
  scope: { country?: string; vendor?: string } = {},
): Promise<string> {
  if (!isFlagName(name)) throw new OpsError(`unknown flag ${name} (known: ${FLAG_NAMES.join(', ')})`);
  if (scope.country && scope.vendor) throw new OpsError('set-flag takes --country or --vendor, not both');
  const isScoped = Boolean(scope.country || scope.vendor);
  const allowed = isScoped ? ['true', 'false', 'unset'] : ['true', 'false'];
  if (!allowed.includes(value)) throw new OpsError(`the flag value must be ${allowed.join(' or ')}`);
  const flags = flagService(db, '');
  if (!isScoped) {
    await flags.set(name, value === 'true');
    return `flag ${name} = ${value}`;
  }
  const setting = value === 'unset' ? null : value === 'true';
  if (scope.vendor) {
    if (!(await vendorsRepo.findVendor(db, scope.vendor))) throw new OpsError(`no vendor ${scope.vendor}`);
    await flags.setFor(name, { vendorId: scope.vendor }, setting);
    return `flag ${name} for vendor ${scope.vendor} = ${value}`;
  }
  const country = (scope.country ?? '').toUpperCase();
  if (!(COUNTRY_CODES as string[]).includes(country)) {
    throw new OpsError(`unknown country ${scope.country} (known: ${COUNTRY_CODES.join(', ')})`);
  }
  await flags.setFor(name, { countryCode: country }, setting);
  return `flag ${name} for ${country} = ${value}`;
}

export async function setCountryParameter({ db }: OpsContext, name: string, value: string): Promise<string> {
  if (!(COUNTRY_PARAMETER_NAMES as readonly string[]).includes(name)) {
    throw new OpsError(`unknown country parameter ${name} (known: ${COUNTRY_PARAMETER_NAMES.join(', ')})`);
  }
  await vendorsRepo.setCountryParameter(db, name, value);
  return `country parameter ${name} = ${value}`;
}

/**
 * The console's first operator (issue 36): made here, their set-up link printed once — only its sha256 is kept and
 * the server logs the command's name, never its output. An admin invites the others from the console.
 */
export async function createOperator(
  { db, config, now = () => new Date() }: OpsContext,
  input: { email: string; role: string; name: string | null },
): Promise<string> {
  const email = z.email().safeParse(input.email.trim().toLowerCase());
  if (!email.success) throw new OpsError('--email must be an e-mail address');
  const role = z.enum(OPERATOR_ROLES).safeParse(input.role);
  if (!role.success) throw new OpsError(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
  const name = OperatorNameSchema.safeParse(input.name ?? email.data.split('@')[0]);
  if (!name.success) throw new OpsError('--name must be 1 to 100 characters');
  const operators = operatorsService({
    db,
    config,
    passwords: passwordHasher(config.passwordHashCost),
    // The link is printed, not mailed.
    mailer: { send: () => Promise.reject(new Error('create-operator sends no e-mail')) },
    now,
  });
  try {
    const { operator, link, isNew } = await operators.createFromCommandLine({
      email: email.data,
      name: name.data,
      role: role.data,
    });
    return [
      `${isNew ? 'created' : 'a new set-up link for'} operator ${operator.email} (${operator.role}, ${operator.id})`,
      `set-up link (shown once, valid 72 hours; open it to choose a password and set up an authenticator app):`,
      link,
    ].join('\n');
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) {
      throw new OpsError(
        `operator ${email.data} has set up already or was deactivated; an admin manages them in the console`,
      );
    }
    throw error;
  }
}

/** The insights rollups written again from the orders (decision 172), for every vendor or one. */
export async function insightsRebuild(ctx: OpsContext, vendorId: string | undefined): Promise<string> {
  if (vendorId !== undefined && !(await vendorsRepo.findVendor(ctx.db, vendorId))) {
    throw new OpsError(`no vendor ${vendorId}`);
  }
  const report = await insightsRollups.rebuild(rollupDepsOf(ctx), vendorId);
  return `insights rollups rebuilt: ${report.vendors} vendor(s), ${report.orders} finished order(s)`;
}

/** Which vendors' insights rollups differ from a full recomputation; exit code 1 when any does. */
export async function insightsCheck(ctx: OpsContext, vendorId: string | undefined): Promise<string> {
  const differing = await insightsRollups.check(rollupDepsOf(ctx), vendorId);
  if (differing.length > 0) {
    throw new Error(`insights rollups differ from the orders for: ${differing.join(', ')} (run insights-rebuild)`);
  }
  return 'insights rollups agree with the orders';
}

const rollupDepsOf = (ctx: OpsContext) => ({
  db: ctx.db,
  timeZone: ctx.config.deployment.country.timeZone,
  now: ctx.now ?? (() => new Date()),
});

/** Parses one command line and runs it; answers the text to print. */
export async function runCommand(ctx: OpsContext, argv: string[]): Promise<string> {
  const [command, ...rest] = argv;
  const parse = (options: ParseOptions) => {
    try {
      return parseArgs({ args: rest, options, allowPositionals: true, strict: true });
    } catch (error) {
      throw new OpsError((error as Error).message);
    }
  };
  switch (command) {
    case 'create-vendor': {
      const { values } = parse({ ...VENDOR_OPTIONS, parent: { type: 'boolean' } });
      return createVendor(ctx, {
        ...vendorBasics(values),
        isParent: values.parent === true,
        ...coordinates(values.lat as string | undefined, values.lng as string | undefined),
        address: (values.address as string | undefined) ?? null,
      });
    }
    case 'create-outlet': {
      const { values } = parse({ ...VENDOR_OPTIONS, parent: { type: 'string' }, pending: { type: 'boolean' } });
      return createVendor(ctx, {
        isPending: values.pending === true,
        // The parent is asked for first, so an operator missing several options hears about it first.
        parentId: need(values.parent as string | undefined, 'parent'),
        ...vendorBasics(values),
        ...coordinates(need(values.lat as string | undefined, 'lat'), need(values.lng as string | undefined, 'lng')),
        address: need(values.address as string | undefined, 'address'),
      });
    }
    case 'create-user': {
      const { values } = parse({
        email: { type: 'string' },
        password: { type: 'string' },
        vendor: { type: 'string', multiple: true },
      });
      return createUser(ctx, {
        email: need(values.email as string | undefined, 'email'),
        password: need(values.password as string | undefined, 'password'),
        vendorIds: (values.vendor as string[] | undefined) ?? [],
      });
    }
    case 'create-rider': {
      const { values } = parse({ name: { type: 'string' }, phone: { type: 'string' }, vehicle: { type: 'string' } });
      const rider = await createRider(ctx, {
        name: need(values.name as string | undefined, 'name'),
        phone: need(values.phone as string | undefined, 'phone'),
        ...(values.vehicle ? { vehicle: values.vehicle as string } : {}),
      });
      return rider.text;
    }
    case 'vendor-code': {
      const { positionals } = parse({});
      return (await vendorCode(ctx, need(positionals[0], 'vendorId (positional)'))).text;
    }
    case 'list-vendors':
      parse({});
      return listVendors(ctx);
    case 'approve-outlet':
    case 'deactivate-outlet': {
      const { positionals } = parse({});
      return setOutletActive(ctx, need(positionals[0], 'vendorId (positional)'), command === 'approve-outlet');
    }
    case 'godroid-token': {
      const { values } = parse({ vendor: { type: 'string' }, days: { type: 'string' }, label: { type: 'string' } });
      const minted = await mintGodroidToken(ctx, need(values.vendor as string | undefined, 'vendor'), {
        ...(values.days === undefined ? {} : { days: Number(values.days) }),
        label: (values.label as string | undefined) ?? null,
      });
      return [
        `partner token ${minted.id} for ${values.vendor as string}, valid until ${minted.expiresAt.toISOString()}`,
        // Shown once: only its sha256 is kept.
        minted.token,
      ].join('\n');
    }
    case 'godroid-tokens': {
      const { values } = parse({ vendor: { type: 'string' } });
      return listGodroidTokens(ctx, values.vendor as string | undefined);
    }
    case 'revoke-godroid-token': {
      const { positionals } = parse({});
      return revokeGodroidToken(ctx, need(positionals[0], 'tokenId (positional)'));
    }
    case 'set-flag': {
      const { positionals, values } = parse({ country: { type: 'string' }, vendor: { type: 'string' } });
      if (positionals.length !== 2) throw new OpsError('set-flag takes <name> <true|false|unset>');
      return setFlag(ctx, positionals[0]!, positionals[1]!, {
        country: values.country as string | undefined,
        vendor: values.vendor as string | undefined,
      });
    }
    case 'set-country-parameter': {
      const { positionals } = parse({});
      if (positionals.length !== 2) throw new OpsError('set-country-parameter takes <name> <value>');
      return setCountryParameter(ctx, positionals[0]!, positionals[1]!);
    }
    case 'create-operator': {
      const { values } = parse({ email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } });
      return createOperator(ctx, {
        email: need(values.email as string | undefined, 'email'),
        role: need(values.role as string | undefined, 'role'),
        name: (values.name as string | undefined) ?? null,
      });
    }
    case 'tickets': {
      const { values } = parse({ all: { type: 'boolean' } });
      return listTickets(ctx, values.all === true);
    }
    case 'age-order': {
      const { positionals, values } = parse({ minutes: { type: 'string' } });
      return ageOrder(
        ctx,
        need(positionals[0], 'orderId (positional)'),
        need(values.minutes as string | undefined, 'minutes'),
      );
    }
    case 'insights-rebuild':
    case 'insights-check': {
      const { values } = parse({ vendor: { type: 'string' } });
      const vendorId = values.vendor as string | undefined;
      return command === 'insights-rebuild' ? insightsRebuild(ctx, vendorId) : insightsCheck(ctx, vendorId);
    }
    case 'exceptions':
      return listExceptions(ctx);
    case 'whatsapp-templates':
      return whatsappTemplates(ctx);
    case undefined:
    case 'help':
    case '--help':
      return USAGE;
    default:
      throw new OpsError(`unknown command ${command}`);
  }
}
