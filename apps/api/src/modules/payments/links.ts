import { paths } from '@riderdesk/domain/paths';

/** Where the browser is sent for a challenge completed by us, and where the issuer's page sends it back. */
export const CHALLENGE_PATH = '/api/v1/payments/challenge';

/** Our challenge page (the browser posts the cardholder on to the issuer's step-up page from there). */
export const challengePageLink = (challengeId: string) => `${CHALLENGE_PATH}/${challengeId}`;

/** Where the issuer's step-up page posts the cardholder back to: an absolute address of ours. */
export const challengeReturnLink = (publicUrl: string, challengeId: string) =>
  `${publicUrl}${challengePageLink(challengeId)}/return`;

/**
 * The web app's tracking page of an order (spec §2), where a card payment sends the browser back to; a
 * failed payment names its reason, so the page offers the order again.
 */
export const trackingLink = (vendorId: string, orderId: string, paymentError?: string) =>
  paths.orderTracking(vendorId, { order_id: orderId, payment_error: paymentError });
