import { createHmac } from 'node:crypto';
import type { SandboxStore } from './storage.ts';
import type { EventRecord } from './types.ts';

export type RetryOptions = {
  /** Delay after the first failure; it doubles after each further one. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** How long one attempt may take before it counts as failed (Stripe allows about 30 s). */
  timeoutMs: number;
};

/** How long a claimed delivery stays leased beyond the attempt's own timeout. */
const LEASE_MARGIN_MS = 5000;
/** The longest the dispatcher waits before looking at the store again. */
const POLL_MS = 1000;

export const DEFAULT_RETRY: RetryOptions = {
  initialDelayMs: 1000,
  maxDelayMs: 60_000,
  timeoutMs: 10_000,
};

export type SandboxLogger = {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, err?: unknown): void;
};

/** Stripe's scheme: v1 = hex HMAC-SHA256 of "t.payload", keyed with the whole whsec_ string. */
export function signatureHeader(payload: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

/** The wait before the next attempt after `failures` failed ones: doubling, capped, jittered. */
export function backoffDelay(failures: number, retry: RetryOptions, random = Math.random): number {
  const base = Math.min(retry.initialDelayMs * 2 ** Math.max(0, failures - 1), retry.maxDelayMs);
  // Jitter in [0.75, 1.25) keeps many failed deliveries from retrying in lockstep.
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * Delivers pending events, one request at a time: a new event is tried in the order events were
 * created, and a failed one waits for its backoff while later due events go ahead (Stripe does not
 * promise order either). Delivery state lives in the store, so a restart resumes it, and each
 * attempt is claimed with a lease first, so sandboxes sharing a store never send one event twice
 * at once. Times here are wall-clock, not the sandbox clock: they are about the network.
 */
export class WebhookDispatcher {
  private stopped = true;
  /** Set by notify(): an event came while the loop was busy, so it must not go to sleep. */
  private notified = false;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private inFlight: AbortController | undefined;

  constructor(
    private readonly store: SandboxStore,
    private readonly url: string | undefined,
    private readonly secret: string,
    private readonly retry: RetryOptions,
    private readonly logger: SandboxLogger,
  ) {}

  start(): void {
    if (!this.url || !this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  /** Called when an event is added, so it goes out without waiting for a timer. */
  notify(): void {
    this.notified = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.inFlight?.abort();
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.notified = false;
      try {
        const due = await this.store.claimDelivery(
          Date.now(),
          this.retry.timeoutMs + LEASE_MARGIN_MS,
        );
        if (due) {
          await this.attempt(due);
          continue;
        }
        // Another sandbox on the store may add or free events: look again at least every poll.
        const next = await this.store.nextDeliveryAt();
        const wait = next === undefined ? POLL_MS : next - Date.now();
        await this.sleep(Math.max(0, Math.min(wait, POLL_MS)));
      } catch (err) {
        // The store is unreachable for now (a database restarting): try again shortly.
        this.logger.warn(`webhook delivery: ${err instanceof Error ? err.message : String(err)}`);
        await this.sleep(POLL_MS);
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.notified) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async attempt(record: EventRecord): Promise<void> {
    const payload = JSON.stringify(record.event);
    const controller = new AbortController();
    this.inFlight = controller;
    const timer = setTimeout(() => controller.abort(), this.retry.timeoutMs);
    let failure: string | null = null;
    try {
      const res = await fetch(this.url!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          // A fresh timestamp and signature per attempt, as Stripe does.
          'stripe-signature': signatureHeader(payload, this.secret, Math.floor(Date.now() / 1000)),
        },
        body: payload,
        signal: controller.signal,
      });
      // The body is read only to free the connection. A stop or the timeout ends the wait for it:
      // fetch's abort does not always reach a body that is already streaming, and an endpoint
      // that answered but never finishes its body must not hold the delivery loop.
      await Promise.race([
        res.arrayBuffer().catch(() => undefined),
        untilAborted(controller.signal),
      ]);
      if (res.status < 200 || res.status > 299) failure = `HTTP ${res.status}`;
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    } finally {
      clearTimeout(timer);
      this.inFlight = undefined;
    }
    if (this.stopped && failure !== null) {
      // Aborted by stop(): not an attempt. Free the lease so the next sandbox tries at once.
      await this.store.saveDelivery(record.id, record.delivery!).catch(() => undefined);
      return;
    }
    const attempts = record.delivery!.attempts + 1;
    const delivery =
      failure === null
        ? {
            attempts,
            nextAttemptAt: record.delivery!.nextAttemptAt,
            deliveredAt: Date.now(),
            lastError: null,
          }
        : {
            attempts,
            nextAttemptAt: Date.now() + backoffDelay(attempts, this.retry),
            deliveredAt: null,
            lastError: failure,
          };
    if (failure === null) this.logger.info(`webhook ${record.event.type} ${record.id} delivered`);
    else this.logger.warn(`webhook ${record.id} attempt ${attempts} failed: ${failure}`);
    try {
      await this.store.saveDelivery(record.id, delivery);
    } catch (err) {
      this.logger.warn(`could not save delivery state of ${record.id}: ${String(err)}`);
    }
  }
}

/** Resolves once `signal` aborts. */
function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
