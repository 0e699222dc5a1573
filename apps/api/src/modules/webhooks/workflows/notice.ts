import type { DisabledNoticePayload, WebhookDeps } from '../deps.ts';
import * as repo from '../repo.ts';

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/**
 * The `webhooks.disabled-notice` job: tells the user who registered the endpoint, in the endpoint's language,
 * that delivery disabled it. Its key is the disabling, so one disabling sends one e-mail; nothing is sent
 * when the endpoint was enabled again (or deleted) before the job ran, or the user no longer reaches its vendor.
 */
export async function sendDisabledNotice(deps: WebhookDeps, payload: DisabledNoticePayload): Promise<boolean> {
  if (!deps.notice) return false;
  const endpoint = await repo.findEndpoint(deps.db, payload.endpointId);
  if (!endpoint?.disabled_at || endpoint.disabled_at.getTime() !== new Date(payload.disabledAt).getTime()) return false;
  if (!endpoint.created_by) return false;
  if (!(await deps.notice.vendorIdsOfUser(endpoint.created_by)).includes(endpoint.vendor_id)) return false;
  const to = await deps.notice.emailOfUser(endpoint.created_by);
  if (!to) return false;
  const t = await deps.notice.texts(endpoint.lang);
  const values = {
    url: endpoint.url,
    vendor: endpoint.vendor_id,
    failures: endpoint.consecutive_failures,
    service: deps.notice.serviceName,
  };
  await deps.notice.mailer.send({
    to,
    subject: fill(t('webhooks.disabled-mail.subject'), values),
    text: fill(t('webhooks.disabled-mail.body'), values),
  });
  return true;
}
