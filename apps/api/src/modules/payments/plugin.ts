import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/db.ts';
import { periodicTask } from '../../infra/periodic-task.ts';
import type { Lifecycle } from '../orders/lifecycle.ts';
import type { PaymentsConfig } from './config.ts';
import { ledgerKeys } from './ledger.ts';
import type { PaymentProvider, WebhookEvent } from './provider.ts';
import { paymentChallengeRoutes, paymentRoutes, paymentWebhookRoutes } from './routes.ts';
import type { SandboxProvider } from './sandbox-provider.ts';
import { sandboxRoutes } from './sandbox-routes.ts';
import type { PaymentService } from './service.ts';
import { SIGNATURE_HEADER, signWebhook } from './webhook-signature.ts';
import { refundWhenCancelled } from './workflows/refund.ts';

const WebhookJobSchema = z.object({
  event: z.object({
    id: z.string(),
    type: z.enum(['payment.authorised', 'payment.failed', 'other']),
    paymentRef: z.string(),
    code: z.enum(['card_declined', 'insufficient_funds', 'authentication_failed', 'invalid_card']).nullable(),
  }),
});
const RefundJobSchema = z.object({ orderId: z.string() });

/**
 * Card payments (decision 060): the spec §7 payment calls, the provider's webhook, the refund queue and
 * the sweep of abandoned challenges; with the sandbox provider, its hosted pages and its webhook sender.
 */
export const paymentsPlugin: FastifyPluginAsync<{
  prefix: string;
  db: Db;
  config: PaymentsConfig;
  webhookSecret: string;
  currency: string;
  services: {
    payments: PaymentService;
    paymentProvider: PaymentProvider;
    /** The embedded processor when it is the one chosen: its pages and webhook sender are served. */
    paymentSandbox: SandboxProvider | null;
    lifecycle: Lifecycle;
    leadership: { isLeader(): Promise<boolean> };
    now: () => Date;
  };
}> = async (app, { prefix, db, config, webhookSecret, currency, services }) => {
  const { payments, paymentProvider: provider, paymentSandbox: sandbox, lifecycle } = services;
  const webhookPath = `${prefix}/payments/webhook/${provider.name}`;

  // The sandbox calls our webhook as a processor would: signed at sending time, retried until answered.
  if (sandbox) {
    const webhooks = app.jobs.register(
      'payments.sandbox-webhook',
      WebhookJobSchema,
      async ({ event }) => {
        const body = JSON.stringify(event);
        const response = await app.inject({
          method: 'POST',
          url: webhookPath,
          headers: {
            'content-type': 'application/json',
            [SIGNATURE_HEADER]: signWebhook(webhookSecret, body, services.now()),
          },
          payload: body,
        });
        if (response.statusCode >= 300) throw new Error(`webhook answered ${response.statusCode}`);
      },
      { retryLimit: 10, retryDelaySeconds: 1, retryBackoff: true },
    );
    sandbox.attachOutbox({
      async queue(event: WebhookEvent, tx?: Db) {
        await webhooks.send({ event }, { key: event.id, ...(tx ? { tx } : {}) });
      },
    });
  }

  const refunds = app.jobs.register(
    'payments.refund',
    RefundJobSchema,
    async ({ orderId }) => payments.refund(orderId),
    {
      retryLimit: 10,
      retryDelaySeconds: 5,
      retryBackoff: true,
    },
  );
  // The refund job is keyed by the refund's ledger key: one job per order, whatever step queues it.
  lifecycle.onStep(
    refundWhenCancelled(async (orderId, tx) => {
      await refunds.send({ orderId }, { key: ledgerKeys.refund(orderId), tx });
    }),
  );

  const sweep = periodicTask({
    name: 'abandoned card payments',
    intervalMs: 60_000,
    isLeader: () => services.leadership.isLeader(),
    run: async () =>
      (await payments.reconcileCaptures(config.abandonAfterMinutes)) +
      (await payments.cancelAbandoned(config.abandonAfterMinutes)),
    log: app.log,
  });
  app.addHook('onListen', async () => sweep.start());
  app.addHook('onClose', async () => sweep.stop());

  // This plugin is registered under the prefix already.
  await app.register(paymentRoutes, { payments });
  await app.register(paymentWebhookRoutes, { payments, provider: provider.name });
  if (provider.completeChallenge) await app.register(paymentChallengeRoutes, { payments });
  if (sandbox) await app.register(sandboxRoutes, { db, sandbox, now: services.now, currency });
};
