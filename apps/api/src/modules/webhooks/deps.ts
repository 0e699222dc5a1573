import type { Environment } from '@riderdesk/domain/config';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { JobType } from '../../infra/jobs/job-queue.ts';
import type { SecretBox } from '../../infra/secret-box.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Resolver } from './address-policy.ts';
import type { EndpointPresence } from './endpoint-presence.ts';
import type { WebhookPoster } from './post.ts';

/** The queue that carries one attempt of one delivery. */
export const DELIVER_QUEUE = 'webhooks.deliver';

export interface DeliverPayload {
  deliveryId: string;
}

/** The queue of the rider-position scans, one job per 15-second interval. */
export const LOCATION_QUEUE = 'webhooks.locations';

export interface LocationPayload {
  interval: number;
}

/** The queue of the e-mail telling the merchant that delivery disabled an endpoint: one job per disabling. */
export const DISABLED_NOTICE_QUEUE = 'webhooks.disabled-notice';

export interface DisabledNoticePayload {
  endpointId: string;
  /** The disabling it tells of (ISO time): a later disabling is another job, an enabled endpoint none. */
  disabledAt: string;
}

/** Which vendors a portal caller reaches (the vendors module's checks). */
export interface VendorAccess {
  vendorIdsForCaller(caller: Caller): Promise<string[]>;
  /** Throws the vendors module's 403 for another merchant's or an unknown vendor. */
  assertCallerVendor(caller: Caller, vendorId: string): Promise<void>;
}

/** What the disabling notice needs: where the user who registered the endpoint reads mail, and the texts. */
export interface DisabledNoticeDeps {
  mailer: Mailer;
  /** The user's address, or null when there is no such user any more. */
  emailOfUser: (userId: string) => Promise<string | null>;
  /** The vendors the user still reaches: a user who lost the vendor is not told of its endpoints. */
  vendorIdsOfUser: (userId: string) => Promise<string[]>;
  /** The locale catalogue of a language (English where it has no text). */
  texts: (language: string) => Promise<(key: string) => string>;
  serviceName: string;
}

/** One order's rider position to send, its body built by the caller (the orders' side of the composition root). */
export interface LocationEvent {
  vendorId: string;
  orderId: string;
  body: unknown;
}

/** The unfinished orders with a rider of these vendors, as order.location events. */
export type LocationSource = (vendorIds: readonly string[], now: Date) => Promise<LocationEvent[]>;

/** What the workflows of the webhooks module work with (decision 146). */
export interface WebhookDeps {
  db: Db;
  clock: Clock;
  environment: Environment;
  secrets: SecretBox;
  resolve: Resolver;
  post: WebhookPoster;
  /** The wait before the next attempt, or null when the delivery has failed for good (domain webhook-retry). */
  nextAttempt: (input: { failedAttempts: number; firstAttemptAt: Date; now: Date }) => Date | null;
  /** Failed attempts in a row after which an endpoint is disabled. */
  disableAfterFailures: number;
  deliverQueue: JobType<DeliverPayload>;
  locationQueue: JobType<LocationPayload>;
  locationSource: LocationSource;
  presence: EndpointPresence;
  noticeQueue: JobType<DisabledNoticePayload>;
  /** null: the module was built without the portal (tests of delivery alone); its calls then throw. */
  vendors: VendorAccess | null;
  /** null: no e-mail is sent when an endpoint is disabled. */
  notice: DisabledNoticeDeps | null;
}
