import { randomBytes } from 'node:crypto';
import { REGISTRATION_LINK_TTL_HOURS } from '@riderdesk/domain/constants';
import type { TokenSet } from '@riderdesk/domain/contracts/auth';
import {
  isOutletEditable,
  OUTLET_ERRORS,
  type OutletAnswer,
  type OutletBody,
  outletBodyToForm,
} from '@riderdesk/domain/contracts/outlets';
import { defaultDeliveryPolygon } from '@riderdesk/domain/delivery-area';
import { absolute, paths } from '@riderdesk/domain/paths';
import { unlinkable } from '@riderdesk/domain/text/unlinkable';
import {
  type CollectionPointErrors,
  hasErrors,
  sanitizePhone,
  validateCollectionPoint,
} from '@riderdesk/domain/validation/collection-point';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { AppError, authError, keyedError } from '../../errors.ts';
import type { JobType } from '../../infra/jobs/job-queue.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/service.ts';
import { sha256 } from '../auth/tokens.ts';
import type { GeoService } from '../geo/service.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { announceAccessRevoked } from './access-notices.ts';
import * as repo from './repo.ts';
import type { VendorService } from './service.ts';
import { forbiddenVendor } from './vendor-access.ts';

export const OUTLET_ACTIVATION_QUEUE = 'outlet-activation';
export type OutletActivationJob = { vendor_id: string };

const INVITATION_TTL_MS = REGISTRATION_LINK_TTL_HOURS * 60 * 60_000;

// Field names of the collection point form (spec §3) → the body's (spec §7), for the browser to place errors.
const BODY_FIELD: Record<string, string> = {
  clientVendorId: 'client_vendor_id',
  name: 'name',
  phone: 'phone_number',
  location: 'address',
};

/** spec §5 messages, every failing field, as the browser shows them. */
function validationError(errors: CollectionPointErrors): AppError {
  const entries = Object.entries(errors).map(([field, message]) => {
    const owner = /^owners\.(\d+)$/.exec(field);
    return {
      field: owner ? `users.${owner[1]}` : (BODY_FIELD[field] ?? field),
      message: message as string,
      meta: { translation_key: message as string },
    };
  });
  return new AppError(400, 'ValidationError', entries[0]?.message ?? 'The request is not valid.', entries);
}

const uniqueOwners = (users: readonly string[]) => [
  ...new Set(users.map((user) => user.trim().toLowerCase()).filter((user) => user !== '')),
];

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 20) || randomBytes(3).toString('hex')
  );
}

export interface OutletDeps {
  db: Db;
  config: AppConfig;
  now: () => Date;
  mailer: Mailer;
  vendors: VendorService;
  auth: AuthService;
  geo: GeoService;
}

export type OutletService = ReturnType<typeof outletService>;

/**
 * Counts the invitations a merchant sends and an address receives on the shared rate-limit counters (the routes
 * hold them); throws 429 once either is over its limit, before anything is saved or sent.
 */
export type InvitationLimiter = (merchantId: string, emails: readonly string[]) => Promise<void>;

export const tooManyInvitations = () => keyedError(429, 'TooManyRequests', OUTLET_ERRORS.tooManyInvitations, 'users');

/**
 * Collection points merchants add and edit themselves (spec §2, §3, §5, §7), their owners by e-mail, and the
 * activation of a new one (docs/decisions/055-collection-points.md).
 */
export function outletService({ db, config, now, mailer, vendors, auth, geo }: OutletDeps) {
  const serviceName = config.deployment.brand.serviceName;
  let activation: JobType<OutletActivationJob> | null = null;

  function requireUserCaller(caller: Caller): Extract<Caller, { kind: 'user' }> {
    // An embedded (GoDroid) caller acts for one restaurant, not for a merchant's account.
    if (caller.kind !== 'user') throw forbiddenVendor();
    return caller;
  }

  async function parentFor(caller: Caller, requested: string | null | undefined): Promise<repo.VendorRow> {
    const ids = await vendors.vendorIdsForCaller(requireUserCaller(caller));
    const rows = ids.length === 0 ? [] : await repo.listVendors(db, ids);
    const parents = rows.filter((row) => row.is_parent);
    if (requested) {
      const parent = parents.find((row) => row.vendor_id === requested);
      // Another merchant's parent, an outlet, or no vendor at all: one answer, so ids cannot be probed.
      if (!parent) throw forbiddenVendor();
      return parent;
    }
    // spec §5: a parent must be chosen when several exist; with one, it is the default.
    if (parents.length === 1 && parents[0]) return parents[0];
    if (parents.length === 0) throw forbiddenVendor();
    throw keyedError(400, 'ValidationError', OUTLET_ERRORS.parentRequired, 'parent_vendor_id');
  }

  function checkBody(body: OutletBody, vendorId: string | null) {
    const errors = validateCollectionPoint(outletBodyToForm(body, vendorId));
    if (hasErrors(errors)) throw validationError(errors);
  }

  function fieldsOf(body: OutletBody, clientVendorId: string, owners: string[]): repo.OutletFields {
    return {
      client_vendor_id: clientVendorId,
      name: body.name,
      phone: sanitizePhone(body.phone_number),
      owners,
      address_text: body.address,
      unit: body.unit || null,
      building: body.building || null,
      city: body.city || null,
      country_code: (body.country_code || config.deployment.country.code).toUpperCase(),
      latitude: body.latitude as number,
      longitude: body.longitude as number,
      postal_code: body.postal_code || null,
      street: body.street || null,
      street_number: body.street_number || null,
      rider_instructions: body.rider_instructions || null,
    };
  }

  const duplicateClientId = () => keyedError(409, 'Conflict', OUTLET_ERRORS.duplicateClientId, 'client_vendor_id');

  /**
   * Invites the added owners and takes access from the removed ones, in the caller's transaction; answers the
   * e-mails to send once it commits, and who was told. An added owner is never linked at once, account or not:
   * an e-mail with an account is invited too, and its owner accepts with their own password, so no merchant can
   * put an outlet into another merchant's account. The outlet's name is the merchant's text: it goes in the
   * bodies only, made unlinkable and, in HTML, escaped.
   */
  async function syncOwners(
    tx: Db,
    outlet: { vendor_id: string; name: string },
    previous: readonly string[],
    next: readonly string[],
  ): Promise<{ mails: MailMessage[]; invited: string[] }> {
    const mails: MailMessage[] = [];
    const invited: string[] = [];
    const at = now();
    const name = unlinkable(outlet.name);
    for (const email of next.filter((owner) => !previous.includes(owner))) {
      const hasAccount = (await auth.userIdByEmail(email, tx)) !== null;
      invited.push(email);
      const token = randomBytes(32).toString('base64url');
      await repo.insertOutletInvitation(tx, {
        tokenHash: sha256(token),
        email,
        vendorId: outlet.vendor_id,
        expiresAt: new Date(at.getTime() + INVITATION_TTL_MS),
        now: at,
      });
      // In the fragment: browsers do not send it, so the token stays out of every server's access log.
      const link = absolute(config.publicUrl, paths.invitation(token));
      const step = hasAccount
        ? `To accept, open this link within ${REGISTRATION_LINK_TTL_HOURS} hours and enter your ${serviceName} password (it works once)`
        : `Set your password within ${REGISTRATION_LINK_TTL_HOURS} hours with this link (it works once)`;
      mails.push({
        to: email,
        subject: `You are invited to own a collection point on ${serviceName}`,
        text: `You have been invited to be an owner of the collection point "${name}" on ${serviceName}.\n\n${step}:\n${link}\n\nIf you did not expect this, ignore this message: nothing changes until you accept.`,
        html: `<p>You have been invited to be an owner of the collection point <strong>${escapeHtml(name)}</strong> on ${serviceName}.</p><p>${step}: <a href="${link}">${link}</a></p><p>If you did not expect this, ignore this message: nothing changes until you accept.</p>`,
      });
    }
    for (const email of previous.filter((owner) => !next.includes(owner))) {
      await repo.withdrawOutletInvitations(tx, outlet.vendor_id, email);
      const userId = await auth.userIdByEmail(email, tx);
      if (!userId) continue;
      await repo.unlinkUserFromVendor(tx, userId, outlet.vendor_id);
      // Someone who still reaches the outlet through its parent keeps it.
      if (!(await repo.vendorIdsOfUser(tx, userId)).includes(outlet.vendor_id)) {
        await announceAccessRevoked(tx, { user_id: userId, vendor_id: outlet.vendor_id });
      }
    }
    return { mails, invited };
  }

  async function sendAll(mails: readonly MailMessage[]) {
    for (const mail of mails) await mailer.send(mail);
  }

  /** A new collection point under this parent, pending until activated (decision 055). */
  async function createUnder(
    parent: repo.VendorRow,
    body: OutletBody,
    limitInvitations: InvitationLimiter,
  ): Promise<OutletAnswer['result']> {
    const owners = uniqueOwners(body.users);
    const fields = fieldsOf(body, body.client_vendor_id, owners);
    await limitInvitations(parent.vendor_id, owners);
    if (!activation) throw new Error('the outlet activation queue is not registered');
    const queue = activation;
    const { vendorId, mails, invited } = await db.transaction(async (tx) => {
      if (await repo.findOutletByClientId(tx, parent.vendor_id, fields.client_vendor_id)) throw duplicateClientId();
      const base = `${parent.vendor_id.slice(0, 40)}-${slug(fields.client_vendor_id)}`;
      let vendorId = base;
      const newOutlet = (id: string): repo.NewVendor => ({
        ...fields,
        vendor_id: id,
        parent_vendor_id: parent.vendor_id,
        currency: parent.currency,
        is_active: false,
        is_pending: true,
        payment_methods: parent.payment_methods,
        estimation_pick_up_time: parent.estimation_pick_up_time,
        login_pickup_estimation: parent.login_pickup_estimation,
      });
      while (!(await repo.insertVendor(tx, newOutlet(vendorId)))) {
        vendorId = `${base}-${randomBytes(2).toString('hex')}`;
      }
      await queue.send({ vendor_id: vendorId }, { key: vendorId, tx });
      return { vendorId, ...(await syncOwners(tx, { vendor_id: vendorId, name: fields.name }, [], owners)) };
    });
    await sendAll(mails);
    return { vendor_id: vendorId, is_active: false, is_pending: true, invited };
  }

  /** An outlet edited: the same body; the parent and the collection point ID stay as they are (spec §2). */
  async function updateOutlet(
    current: repo.VendorRow,
    body: OutletBody,
    limitInvitations: InvitationLimiter,
  ): Promise<OutletAnswer['result']> {
    const vendorId = current.vendor_id;
    if (!isOutletEditable(current)) throw keyedError(403, 'Forbidden', OUTLET_ERRORS.notEditable, 'vendor_id');
    const clientVendorId = current.client_vendor_id ?? body.client_vendor_id;
    checkBody({ ...body, client_vendor_id: clientVendorId }, vendorId);
    const owners = uniqueOwners(body.users);
    const fields = fieldsOf(body, clientVendorId, owners);
    const added = owners.filter((owner) => !current.owners.includes(owner));
    if (added.length > 0) await limitInvitations(current.parent_vendor_id ?? vendorId, added);
    const { mails, invited } = await db.transaction(async (tx) => {
      if (current.client_vendor_id === null && current.parent_vendor_id) {
        const holder = await repo.findOutletByClientId(tx, current.parent_vendor_id, clientVendorId);
        if (holder && holder !== vendorId) throw duplicateClientId();
      }
      await repo.updateOutlet(tx, vendorId, fields);
      return syncOwners(tx, { vendor_id: vendorId, name: fields.name }, current.owners, owners);
    });
    await sendAll(mails);
    return { vendor_id: vendorId, is_active: current.is_active, is_pending: current.is_pending, invited };
  }

  return {
    /** The plugin hands over the queue it registered the activation job on. */
    useActivationQueue(queue: JobType<OutletActivationJob>) {
      activation = queue;
    },

    /** POST /outlet: a new collection point under one of the caller's parents, pending until activated. */
    async create(
      caller: Caller,
      body: OutletBody,
      limitInvitations: InvitationLimiter = async () => {},
    ): Promise<OutletAnswer['result']> {
      checkBody(body, null);
      return createUnder(await parentFor(caller, body.parent_vendor_id), body, limitInvitations);
    },

    /** PUT /outlet/{vendorId}: the same body; the parent and the collection point ID stay as they are (spec §2). */
    async update(
      caller: Caller,
      vendorId: string,
      body: OutletBody,
      limitInvitations: InvitationLimiter = async () => {},
    ): Promise<OutletAnswer['result']> {
      const ids = await vendors.vendorIdsForCaller(requireUserCaller(caller));
      const current = ids.includes(vendorId) ? await repo.findVendor(db, vendorId) : null;
      if (!current) throw forbiddenVendor();
      return updateOutlet(current, body, limitInvitations);
    },

    /**
     * The merchant API's PUT /outlets (decision 162), for a parent or an outlet the API client's scope holds (the
     * client's own check): the same rules, approval and invitations as POST /outlet and PUT /outlet/{vendorId}.
     */
    forApiClient: {
      find: (vendorId: string): Promise<repo.VendorRow | null> => repo.findVendor(db, vendorId),
      async create(
        parentVendorId: string,
        body: OutletBody,
        limitInvitations: InvitationLimiter,
      ): Promise<OutletAnswer['result']> {
        checkBody(body, null);
        const parent = await repo.findVendor(db, parentVendorId);
        if (!parent?.is_parent) throw forbiddenVendor();
        return createUnder(parent, body, limitInvitations);
      },
      async update(
        vendorId: string,
        body: OutletBody,
        limitInvitations: InvitationLimiter,
      ): Promise<OutletAnswer['result']> {
        const current = await repo.findVendor(db, vendorId);
        if (!current) throw forbiddenVendor();
        return updateOutlet(current, body, limitInvitations);
      },
    },

    /**
     * The activation job: geocodes the outlet's point, draws its default delivery area and makes it active.
     * Idempotent: a retry, or an outlet an operator decided on meanwhile, changes nothing more.
     */
    async activate(vendorId: string): Promise<void> {
      const outlet = await repo.findVendor(db, vendorId);
      if (!outlet?.is_pending) return;
      if (outlet.latitude === null || outlet.longitude === null) throw new Error(`outlet ${vendorId} has no point`);
      const point = { lat: outlet.latitude, lng: outlet.longitude };
      // A geocoder failure throws: the job is retried later.
      const place = await geo.describePoint(point);
      await db.transaction(async (tx) => {
        if (place) await repo.fillGeocodedFields(tx, vendorId, place);
        await repo.drawDeliveryArea(tx, vendorId, defaultDeliveryPolygon(point));
        await repo.activatePendingOutlet(tx, vendorId);
      });
    },

    /** What an invitation link opens, or the same 404 for an unknown, used or expired one. */
    async lookupInvitation(token: string) {
      const invitation = await repo.findLiveOutletInvitation(db, sha256(token), now());
      const outlet = invitation ? await repo.findVendor(db, invitation.vendor_id) : null;
      if (!invitation || !outlet) throw keyedError(404, 'NotFound', OUTLET_ERRORS.invitationInvalid, 'token');
      const hasAccount = (await auth.userIdByEmail(invitation.email)) !== null;
      return {
        email: invitation.email,
        vendor_id: outlet.vendor_id,
        outlet_name: outlet.name,
        has_account: hasAccount,
      };
    },

    /**
     * Accepts an invitation: a new owner sets their password; an owner with an account gives its password. Every
     * outlet the e-mail was invited to is linked then, not before, and the owner is signed in.
     */
    async acceptInvitation(token: string, password: string): Promise<TokenSet & { vendor_id: string }> {
      const invalid = () => keyedError(404, 'NotFound', OUTLET_ERRORS.invitationInvalid, 'token');
      const at = now();
      const { user, vendorId } = await db.transaction(async (tx) => {
        const invitation = await repo.findLiveOutletInvitation(tx, sha256(token), at, { lock: true });
        if (!invitation) throw invalid();
        const hasAccount = (await auth.userIdByEmail(invitation.email, tx)) !== null;
        const user = hasAccount
          ? await auth.accountWithPassword(invitation.email, password, tx)
          : await auth.createInvitedUser(invitation.email, password, tx);
        if (!user) throw hasAccount ? authError(401, 'NotAuthorizedException') : invalid();
        for (const outletId of await repo.useOutletInvitations(tx, invitation.email, at)) {
          await repo.linkUserToVendor(tx, user.id, outletId);
        }
        return { user, vendorId: invitation.vendor_id };
      });
      return { ...(await auth.signIn(user)), vendor_id: vendorId };
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
