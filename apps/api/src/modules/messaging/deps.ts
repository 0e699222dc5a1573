import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { JobType } from '../../infra/jobs/job-queue.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { OrderRow } from '../orders/model.ts';
import type { OrderRecords } from '../orders/records.ts';
import type { VendorRow } from '../vendors/model.ts';
import type { Channels } from './channels/channel.ts';
import type { MessagingConfig } from './config.ts';
import type { SettingsPresence } from './settings-presence.ts';

/** The queue carrying the sending of one message (its id is the job's key: one job per message). */
export const SEND_QUEUE = 'messaging.send';

export interface SendPayload {
  messageId: string;
}

/** Retries of a send the provider refused and asked to be tried again (429, 503): then it fails for good. */
export const SEND_RETRY_LIMIT = 4;

/** The orders' side, as the composition root hands it in (decision 034: orders are read through records). */
export type MessagingOrders = Pick<OrderRecords, 'find' | 'ofVendor' | 'inTransaction'>;

/** The vendors' access checks. */
export interface MessagingVendors {
  vendorOfCaller(caller: Caller, vendorId: string): Promise<VendorRow>;
  setDeliveryOptions(
    vendorId: string,
    options: { handoverPinRequired: boolean; cashConfirmationMinutes: number | null },
  ): Promise<void>;
}

/** What the workflows of the messaging module work with (decision 146). */
export interface MessagingDeps {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  config: MessagingConfig;
  channels: Channels;
  sendQueue: JobType<SendPayload>;
  orders: MessagingOrders;
  vendors: MessagingVendors;
  presence: SettingsPresence;
  /** The locale catalogue of a language, English where it has no text (the message templates). */
  texts: (language: string) => Promise<(key: string) => string>;
  /** The delivery service's name (spec §1 brand). */
  brand: string;
  /** The public origin links in messages are built on (PUBLIC_URL). */
  publicUrl: string;
  timeZone: string;
}

/** The merchant an order's messages count against: the outlet's parent, or the vendor itself. */
export const merchantOf = (order: Pick<OrderRow, 'vendor_id' | 'parent_vendor_id'>) =>
  order.parent_vendor_id ?? order.vendor_id;
