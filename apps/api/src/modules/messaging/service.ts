import { randomUUID } from 'node:crypto';
import type { MessageKind } from '@riderdesk/domain/messaging/customer-messages';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { JobQueue } from '../../infra/jobs/job-queue.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { OrderRow } from '../orders/model.ts';
import type { Channels } from './channels/channel.ts';
import { createChannels } from './channels/create-channels.ts';
import type { MessagingConfig } from './config.ts';
import {
  type MessagingDeps,
  type MessagingOrders,
  type MessagingVendors,
  SEND_QUEUE,
  SEND_RETRY_LIMIT,
  type SendPayload,
} from './deps.ts';
import * as repo from './repo.ts';
import { settingsPresence } from './settings-presence.ts';
import { messagesOfOrder } from './workflows/order-messages.ts';
import { applyReceipt, type Receipt } from './workflows/receipts.ts';
import { recordOrderMessage } from './workflows/record.ts';
import { type ConfirmByReply, type InboundReply, receiveReply } from './workflows/replies.ts';
import { sendMessage } from './workflows/send.ts';
import * as settings from './workflows/settings.ts';

/** Where the providers' callbacks are served, under the API's prefix. */
export const MESSAGING_WEBHOOK_PATH = '/customer-messages/webhooks';

export interface MessagingOptions {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  log: FastifyBaseLogger;
  config: MessagingConfig;
  mailer: Mailer;
  hasSmtp: boolean;
  orders: MessagingOrders;
  vendors: MessagingVendors;
  texts: MessagingDeps['texts'];
  brand: string;
  publicUrl: string;
  apiPrefix: string;
  timeZone: string;
  /** Replaces the adapters the configuration chooses (tests give a channel a failing stand-in). */
  channels?: Partial<Channels>;
  /** How a reply of 1 confirms a cash order (decision 175): the orders' side, handed in by the composition root. */
  confirmByReply?: ConfirmByReply;
}

type UserCaller = Extract<Caller, { kind: 'user' }>;

/**
 * The messaging module's face (decision 146): registers the send queue on the job queue (before it opens) and
 * binds each workflow to the module's dependencies.
 */
export function createMessaging(options: MessagingOptions) {
  const sendQueue = options.jobs.register<SendPayload, SendPayload>(
    SEND_QUEUE,
    z.object({ messageId: z.uuid() }),
    // Runs only once the queue has opened, after `deps` below is set.
    async ({ messageId }, job) => {
      await sendMessage(deps, messageId, job.attempt, job.signal);
    },
    // A refusal the provider asks to be retried throws, and is tried again 30 s, 1, 2, 4 min later. The lease
    // outlasts a send's time-out.
    {
      retryLimit: SEND_RETRY_LIMIT,
      retryDelaySeconds: 30,
      retryBackoff: true,
      expireInSeconds: 120,
      keepSeconds: 86_400,
    },
  );
  const callbackBase = `${options.publicUrl}${options.apiPrefix}${MESSAGING_WEBHOOK_PATH}`;
  const channels: Channels = {
    ...createChannels(options.config, { mailer: options.mailer, hasSmtp: options.hasSmtp, callbackBase }),
    ...options.channels,
  };
  const deps: MessagingDeps = {
    db: options.db,
    clock: options.clock,
    log: options.log,
    config: options.config,
    channels,
    sendQueue,
    orders: options.orders,
    vendors: options.vendors,
    presence: settingsPresence(options.clock),
    texts: options.texts,
    brand: options.brand,
    publicUrl: options.publicUrl,
    timeZone: options.timeZone,
  };
  return {
    config: options.config,
    channels,
    /** Whether the outlet sends anything (a few seconds' view); false: its order changes skip messaging. */
    maySend: (vendorId: string, db?: Db) => deps.presence.has(db ?? deps.db, vendorId),
    /** Records an order's message in the transaction of the change that fires it (see recordOrderMessage). */
    record: (tx: Db, order: OrderRow, kind: MessageKind, at: Date, recordOptions?: { force?: boolean }) =>
      recordOrderMessage(deps, tx, order, kind, at, recordOptions),
    /** Runs one attempt of a message's sending here (what its job does). */
    send: (messageId: string, attempt = 1) => sendMessage(deps, messageId, attempt, new AbortController().signal),
    receipt: (receipt: Receipt) => applyReceipt(deps, receipt),
    reply: (reply: InboundReply) => receiveReply(deps, reply, options.confirmByReply ?? null),
    portal: {
      settings: (caller: Caller, vendorId: string) => settings.getSettings(deps, caller, vendorId),
      save: (caller: UserCaller, body: Parameters<typeof settings.saveSettings>[2]) =>
        settings.saveSettings(deps, caller, body),
      preview: (caller: Caller, vendorId: string) => settings.previewMessages(deps, caller, vendorId),
      ofOrder: (caller: Caller, orderId: string, vendorId: string) => messagesOfOrder(deps, caller, orderId, vendorId),
    },
    /** The embedded channel's latest messages (the development outbox page beside the e-mails). */
    async outbox(limit: number, to: string | null) {
      const rows = await repo.outboxMessages(deps.db, limit, to);
      return rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        kind: row.kind,
        to: row.recipient,
        text: row.body,
        order_id: row.order_id,
        created_at: row.created_at,
      }));
    },
    findMessage: (id: string) => repo.findMessage(deps.db, id),
    /**
     * A reply to a text the embedded channel kept, as its customer would send it (the development outbox's reply
     * form): null when no such text was kept.
     */
    async replyAsCustomer(messageId: string, text: string) {
      const message = await repo.findMessage(deps.db, messageId);
      if (message?.provider !== 'outbox' || message.channel === 'email') return null;
      return receiveReply(
        deps,
        {
          provider: 'outbox',
          channel: message.channel,
          providerMessageId: `reply-${randomUUID()}`,
          from: message.recipient,
          text,
          contextId: message.provider_message_id,
        },
        options.confirmByReply ?? null,
      );
    },
  };
}

export type MessagingService = ReturnType<typeof createMessaging>;
