import { PollingLoop } from '../background/polling-loop';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { checkWebhookUrl } from './allowlist';
import type { SendResult, WebhookTransport } from './https-transport';
import { signDelivery } from './sign-delivery';
import { readAllowlist } from './webhook-endpoints';

export interface DeliveryWorkerOptions {
  db: Db;
  transport: WebhookTransport;
  /** The ports webhook URLs may name (`serve --webhook-port`), checked again at every attempt. */
  ports: ReadonlySet<number>;
  /** First retry delay; each next one doubles (design.md: `serve --webhook-retry-base-ms`). */
  retryBaseMs: number;
  pollMs?: number;
  /** Attempts in flight at once; the rest of a backlog waits in the outbox. */
  concurrency?: number;
  /** How long an attempt may take before it counts as failed; the transport enforces it. */
  attemptTimeoutMs: number;
  now?: () => Date;
}

interface DeliveryRow {
  id: string;
  org_id: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
}

/** Svix's schedule: 8 attempts, the longest wait 10 hours; the backoff doubles up to that cap. */
export const MAX_DELIVERY_ATTEMPTS = 8;
export const MAX_RETRY_DELAY_MS = 10 * 3_600_000;

/**
 * Few enough that a backlog of failing receivers costs the API little (each attempt is a TLS
 * handshake on the server's one thread), enough that one slow receiver does not hold up the rest.
 */
const DEFAULT_DELIVERY_CONCURRENCY = 4;

export function retryDelayMs(retryBaseMs: number, attemptsMade: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, retryBaseMs * 2 ** (attemptsMade - 1));
}

/**
 * Sends the outbox's due deliveries. An attempt is claimed with a lease before the request goes
 * out, so an attempt cut off by a kill is sent again after restart with the same hook-id; the
 * receiver deduplicates by hook-id (interface, Events rule 3).
 */
export class DeliveryWorker {
  private readonly loop: PollingLoop<DeliveryRow>;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.loop = new PollingLoop({
      name: 'delivery worker',
      pollMs: options.pollMs ?? 250,
      concurrency: options.concurrency ?? DEFAULT_DELIVERY_CONCURRENCY,
      claim: () => this.claim(),
      run: (delivery) => this.attempt(delivery),
    });
  }

  start(): void {
    const now = this.now().toISOString();
    prepared(
      this.options.db,
      `UPDATE webhook_deliveries SET state = 'pending', lease_until = NULL, next_attempt_at = ?, updated_at = ?
         WHERE state = 'sending'`,
    ).run(now, now);
    this.loop.start();
  }

  /** Stops claiming and lets attempts in flight finish. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  wake(): void {
    this.loop.wake();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private claim(): DeliveryRow | undefined {
    const now = this.now();
    const at = now.toISOString();
    const leaseUntil = new Date(now.getTime() + this.options.attemptTimeoutMs * 2).toISOString();
    const { db } = this.options;
    const claimed = prepared(
      db,
      `UPDATE webhook_deliveries SET state = 'sending', lease_until = @leaseUntil, attempts = attempts + 1, updated_at = @at
         WHERE id = (
           SELECT id FROM webhook_deliveries
           WHERE (state = 'pending' AND next_attempt_at <= @at) OR (state = 'sending' AND lease_until <= @at)
           ORDER BY next_attempt_at, id LIMIT 1)
         RETURNING id, org_id, payload, attempts, endpoint_id`,
    ).get({ at, leaseUntil }) as (Omit<DeliveryRow, 'url' | 'secret'> & { endpoint_id: string }) | undefined;
    if (!claimed) return undefined;
    // A deleted endpoint still gets the deliveries queued before its deletion (in-flight ones finish).
    const endpoint = prepared(db, 'SELECT url, secret FROM webhook_endpoints WHERE id = ?').get(
      claimed.endpoint_id,
    ) as {
      url: string;
      secret: string;
    };
    return { ...claimed, ...endpoint };
  }

  /**
   * The destination is judged again before each attempt: an operator who takes a host off the
   * allowlist (or closes a port) stops its deliveries at once. Those fail for good, since
   * retrying cannot make them allowed; a network failure or a refused address is retried.
   */
  private async attempt(delivery: DeliveryRow): Promise<void> {
    const { db, transport, ports } = this.options;
    const verdict = checkWebhookUrl(delivery.url, { allowlist: readAllowlist(db, delivery.org_id), ports });
    if (!verdict.allowed) {
      this.record(delivery, { error: `no longer allowed: ${verdict.reason}` }, 'failed');
      return;
    }
    const headers = signDelivery(delivery.secret, { id: delivery.id, body: delivery.payload, sentAt: this.now() });
    this.record(delivery, await transport(delivery.url, headers, delivery.payload));
  }

  private record(delivery: DeliveryRow, outcome: SendResult, finalState?: 'failed'): void {
    const now = this.now();
    const at = now.toISOString();
    const acknowledged = 'status' in outcome && outcome.status >= 200 && outcome.status < 300;
    const exhausted = delivery.attempts >= MAX_DELIVERY_ATTEMPTS;
    const state = finalState ?? (acknowledged ? 'delivered' : exhausted ? 'failed' : 'pending');
    const nextAttempt = new Date(now.getTime() + retryDelayMs(this.options.retryBaseMs, delivery.attempts));
    prepared(
      this.options.db,
      `UPDATE webhook_deliveries SET state = ?, lease_until = NULL, next_attempt_at = ?, last_status = ?, last_error = ?,
           updated_at = ?
         WHERE id = ? AND state = 'sending'`,
    ).run(
      state,
      state === 'pending' ? nextAttempt.toISOString() : at,
      'status' in outcome ? outcome.status : null,
      'error' in outcome ? outcome.error : null,
      at,
      delivery.id,
    );
  }
}
