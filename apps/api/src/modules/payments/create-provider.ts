import type { Db } from '../../db/db.ts';
import type { PaymentsConfig } from './config.ts';
import { cybersourceProvider } from './cybersource-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { type SandboxProvider, sandboxProvider } from './sandbox-provider.ts';

/**
 * PAYMENT_PROVIDER selects the processor: the embedded sandbox (decision 060, the default) or CyberSource
 * REST (decision 061). The sandbox also answers with itself, for its hosted pages and webhook sender.
 */
export function createPaymentProvider(
  config: PaymentsConfig,
  deps: { db: Db; secret: string; webhookSecret: string; publicUrl: string; now: () => Date },
): { provider: PaymentProvider; sandbox: SandboxProvider | null } {
  if (config.provider === 'cybersource' && config.cybersource) {
    const targetOrigin = new URL(deps.publicUrl).origin;
    return { provider: cybersourceProvider({ ...config.cybersource, targetOrigin, now: deps.now }), sandbox: null };
  }
  const sandbox = sandboxProvider(deps);
  return { provider: sandbox, sandbox };
}
