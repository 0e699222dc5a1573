import type { Environment } from '@riderdesk/domain/config';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { JobType } from '../../infra/jobs/job-queue.ts';
import type { Resolver } from './address-policy.ts';
import type { WebhookPoster } from './post.ts';
import type { SecretBox } from './secret-box.ts';

/** The queue that carries one attempt of one delivery. */
export const DELIVER_QUEUE = 'webhooks.deliver';

export interface DeliverPayload {
  deliveryId: string;
}

/** What the workflows of the webhooks module work with (decision 146). */
export interface WebhookDeps {
  db: Db;
  clock: Clock;
  environment: Environment;
  secrets: SecretBox;
  resolve: Resolver;
  post: WebhookPoster;
  /** The wait before the next attempt, or null when the delivery has failed for good (domain webhook-retry). */
  nextAttempt: (input: { failedAttempts: number; firstAttemptAt: Date; now: Date }) => Date | null;
  /** Failed attempts in a row after which an endpoint is disabled. */
  disableAfterFailures: number;
  deliverQueue: JobType<DeliverPayload>;
}
