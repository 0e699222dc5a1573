import { z } from 'zod';

export interface DispatchConfig {
  /** Runs the automatic dispatcher (releases, offers, time limits, delays). */
  dispatcher: boolean;
  dispatchIntervalMs: number;
  /** spec §8 cancel reason no_courier: nobody accepted within this many minutes of waiting. */
  noCourierMinutes: number;
  offerTimeoutSeconds: number;
  /** A pre-order is released this long before its time minus the pickup estimate. */
  preorderLeadMinutes: number;
  /** Riders farther than this from the pickup are not offered the order. */
  dispatchRadiusKm: number;
  /** Virtual riders driven through the rider service. */
  simulator: boolean;
  /** Simulated seconds per real second (60: one simulated minute per second). */
  simSpeed: number;
  simTickMs: number;
  simUnreachableProbability: number;
  simDeclineProbability: number;
  /** Public tracking calls per IP per minute. */
  publicRateLimit: number;
}

const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));
const onOff = (fallback: boolean) =>
  optional
    .pipe(z.enum(['on', 'off', 'true', 'false', '1', '0']).optional())
    .transform((value) => (value === undefined ? fallback : ['on', 'true', '1'].includes(value)));
const number = (min: number, max: number, fallback: number) =>
  optional
    .pipe(
      z
        .string()
        .regex(/^\d+(\.\d+)?$/, 'must be a number')
        .optional(),
    )
    .transform((value) => (value === undefined ? fallback : Number(value)))
    .pipe(z.number().min(min).max(max));

const DispatchEnvSchema = z.object({
  DISPATCHER: onOff(true),
  DISPATCH_INTERVAL_MS: number(50, 60_000, 1000),
  NO_COURIER_MINUTES: number(1, 240, 10),
  OFFER_TIMEOUT_SECONDS: number(5, 600, 60),
  PREORDER_LEAD_MINUTES: number(0, 240, 10),
  DISPATCH_RADIUS_KM: number(0.1, 100, 15),
  SIMULATOR: onOff(true),
  // 10: a 2 km trip takes about 30 s, quick enough to watch a whole delivery in a demo.
  SIM_SPEED: number(0.1, 10_000, 10),
  SIM_TICK_MS: number(10, 10_000, 500),
  SIM_UNREACHABLE_PROBABILITY: number(0, 1, 0.05),
  SIM_DECLINE_PROBABILITY: number(0, 1, 0.05),
  PUBLIC_RATE_LIMIT: number(1, 1_000_000, 60),
});

/** Parsed once when the app is built, like modules/geo/config.ts; a bad value stops the start. */
export function loadDispatchConfig(env: NodeJS.ProcessEnv): DispatchConfig {
  const parsed = DispatchEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Riderdesk refuses to start; fix the configuration:\n  - ${problems.join('\n  - ')}`);
  }
  const vars = parsed.data;
  return {
    dispatcher: vars.DISPATCHER,
    dispatchIntervalMs: vars.DISPATCH_INTERVAL_MS,
    noCourierMinutes: vars.NO_COURIER_MINUTES,
    offerTimeoutSeconds: vars.OFFER_TIMEOUT_SECONDS,
    preorderLeadMinutes: vars.PREORDER_LEAD_MINUTES,
    dispatchRadiusKm: vars.DISPATCH_RADIUS_KM,
    simulator: vars.SIMULATOR,
    simSpeed: vars.SIM_SPEED,
    simTickMs: vars.SIM_TICK_MS,
    simUnreachableProbability: vars.SIM_UNREACHABLE_PROBABILITY,
    simDeclineProbability: vars.SIM_DECLINE_PROBABILITY,
    publicRateLimit: vars.PUBLIC_RATE_LIMIT,
  };
}
