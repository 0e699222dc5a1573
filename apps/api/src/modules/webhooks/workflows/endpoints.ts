import { randomUUID } from 'node:crypto';
import {
  type AddressRefusal,
  checkEndpointUrl,
  type EndpointUrlRefusal,
  resolveDeliveryAddress,
} from '../address-policy.ts';
import type { WebhookDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import { newWebhookSecret } from '../secret-box.ts';

/** A registration refused by the address policy; the routes (not built yet) answer it as a 422. */
export class WebhookUrlRefused extends Error {
  constructor(readonly reason: EndpointUrlRefusal | AddressRefusal) {
    super(`webhook URL refused: ${reason}`);
  }
}

export interface CreatedEndpoint {
  id: string;
  url: string;
  events: string[];
  /** Shown once: only its sealed form is kept. */
  secret: string;
}

/** Registers an endpoint after checking its URL and, in prd, that its host resolves to public addresses only. */
export async function createEndpoint(
  deps: WebhookDeps,
  input: { vendorId: string; url: string; events: readonly string[] },
): Promise<CreatedEndpoint> {
  const url = checkEndpointUrl(input.url, deps.environment);
  if (!url.ok) throw new WebhookUrlRefused(url.reason);
  const address = await resolveDeliveryAddress(url.value, deps.environment, deps.resolve);
  if (!address.ok) throw new WebhookUrlRefused(address.reason);
  const secret = newWebhookSecret();
  const row = await repo.insertEndpoint(deps.db, {
    id: randomUUID(),
    vendorId: input.vendorId,
    url: url.value.href,
    events: [...new Set(input.events)],
    secretSealed: deps.secrets.seal(secret),
    now: deps.clock(),
  });
  return { id: row.id, url: row.url, events: row.events, secret };
}
