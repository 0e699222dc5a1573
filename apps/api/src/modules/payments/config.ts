/** The payment provider's settings, parsed with the rest of the environment in src/config.ts. */
export interface PaymentsConfig {
  /** sandbox: the embedded test-mode processor (decision 060); cybersource: CyberSource REST (decision 061). */
  provider: 'sandbox' | 'cybersource';
  /** CyberSource's endpoint and HTTP Signature credentials; null unless the provider is cybersource. */
  cybersource: {
    url: string;
    merchantId: string;
    keyId: string;
    /** The shared secret key, base64 as the Business Center shows it. */
    secretKey: string;
    timeoutMs: number;
    /** The webhook subscription's digital signature key (base64) and its id; null accepts no notification. */
    webhook: { keyId: string; key: string } | null;
  } | null;
  /** Signs and checks the provider's webhook calls; null derives one from AUTH_SECRET. */
  webhookSecret: string | null;
  /** A payment still waiting for its 3-D Secure challenge after this long is cancelled (PAYMENT_CANCELLED). */
  abandonAfterMinutes: number;
}
