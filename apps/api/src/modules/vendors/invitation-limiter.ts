import type { FastifyInstance } from 'fastify';
import type { RateLimitConfig } from '../../config.ts';
import { keyedCounter } from '../../plugins/keyed-counters.ts';
import { type InvitationLimiter, tooManyInvitations } from './outlet-service.ts';

const DAY_MS = 24 * 60 * 60_000;

// One limiter per server: a second set of counters made with `createRateLimit` would count apart from the first
// on the in-process store, so the portal's and the merchant API's invitations share these.
const limiters = new WeakMap<FastifyInstance['createRateLimit'], InvitationLimiter>();

/**
 * Invitations are e-mails a merchant makes us send: counted per merchant and per address on the shared counters
 * (REDIS_URL), refused rather than let through uncounted when those are unreachable. A counter is keyed by what
 * it counts, not by the request. The portal's outlet routes and the merchant API's PUT /outlets use the same one.
 */
export function invitationLimiterOf(app: FastifyInstance, rateLimit: RateLimitConfig): InvitationLimiter {
  const known = limiters.get(app.createRateLimit);
  if (known) return known;
  const counter = (name: string, max: number) =>
    keyedCounter(app, { name, max, timeWindow: DAY_MS, skipOnError: false });
  const perMerchant = counter('invitations-by', rateLimit.invitationsPerMerchantPerDay);
  const perAddress = counter('invitations-to', rateLimit.invitationsPerAddressPerDay);
  const limitInvitations: InvitationLimiter = async (merchantId, emails) => {
    for (const email of emails) {
      const [byMerchant, toAddress] = await Promise.all([perMerchant.hit(merchantId), perAddress.hit(email)]);
      if (byMerchant.isOver || toAddress.isOver) throw tooManyInvitations();
    }
  };
  limiters.set(app.createRateLimit, limitInvitations);
  return limitInvitations;
}
