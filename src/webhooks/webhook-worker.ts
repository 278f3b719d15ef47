import { setTimeout as sleep } from 'node:timers/promises';
import type { WebhookConfig } from '../config.ts';
import type { JobEventFeed } from '../db/job-events.ts';
import type { ClaimedDelivery } from '../db/repositories/webhook-delivery.repository.ts';
import type { EventPosition } from '../domain/event-id.ts';
import { retryDelayMs } from '../domain/webhook-retry.ts';
import { signatureHeader } from '../domain/webhook-signature.ts';
import { postWebhook } from './post-webhook.ts';
import { gatheredWrites } from './gathered-writes.ts';
import { fillDeliveries, type BatchDeps } from './webhook-batches.ts';

/** Deliveries one gateway has in flight at once. */
const CONCURRENCY = 16;
/** Finished deliveries are pruned this often. */
const PRUNE_EVERY_MS = 10 * 60_000;

export interface WebhookWorkerDeps extends BatchDeps {
  /** Send due deliveries while filling new ones (not on an embedded database's one session). */
  sendWhileFilling: boolean;
  config: WebhookConfig;
  onError: (error: unknown, what: string) => void;
  /**
   * The outbox's feed (LISTEN/NOTIFY): a round starts as soon as an event is deliverable
   * instead of at the next poll. The poll stays, for retries that fall due.
   */
  events?: () => Promise<JobEventFeed>;
}

export interface WebhookWorker {
  /**
   * One round: fill deliveries from the outbox, then start sending what is due (on an
   * embedded database the round waits for those attempts; stop() waits for them always).
   */
  tick(): Promise<void>;
  /** Stops after the attempts in flight are recorded. */
  stop(): Promise<void>;
  /**
   * Stops at once, as a killed process would: POSTs in flight are cut and nothing is
   * written back; their claims stay until the lease runs out (tests).
   */
  kill(): void;
}

/** The webhook gateway loop of one process (README "Webhooks"). */
export function startWebhookWorker(deps: WebhookWorkerDeps): WebhookWorker {
  const stopping = new AbortController();
  const killed = new AbortController();
  let lastPrune = 0;
  // Successes are written back together: one statement for the attempts that end meanwhile.
  const delivered = gatheredWrites<{ delivery: ClaimedDelivery; responseStatus: number }>(
    async (done) => void (await deps.deliveries.delivered(deps.orm.em.fork(), done)),
    () => killed.signal.aborted,
  );

  const attempt = async (d: ClaimedDelivery) => {
    const id = `msg_${d.id}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const outcome = await postWebhook(
      d.url,
      {
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(d.secrets, id, timestamp, d.body),
        'user-agent': 'job-listings-service-webhooks/0.1',
      },
      d.body,
      { timeoutMs: deps.config.timeoutMs, allow: deps.config.allowPrivateTargets, signal: killed.signal },
    );
    if (killed.signal.aborted) return;
    if (outcome.ok) await delivered.record({ delivery: d, responseStatus: outcome.status! });
    else
      await deps.deliveries.failed(deps.orm.em.fork(), d, {
        error: outcome.error ?? 'failed',
        responseStatus: outcome.status,
        retryInMs: retryDelayMs(d.attempts, {
          baseMs: deps.config.retryBaseMs,
          maxMs: deps.config.retryMaxDelayMs,
        }),
        retryForMs: deps.config.retryMs,
        disableAfterMs: deps.config.disableAfterMs,
      });
  };

  // Attempts in flight, up to CONCURRENCY. A slot freed is claimed again by the next send,
  // so a receiver that hangs until the timeout holds one slot: claims of eight that waited
  // for all eight, inside the round, stalled the gateway's filling and sending for the
  // timeout (10 s by default). On an embedded database a round still waits for its
  // attempts: their write-backs must not run beside a fill's transaction on its one session.
  const inFlight = new Set<Promise<void>>();
  // Claimed deliveries waiting for a slot (at most CONCURRENCY, only where sending runs
  // beside the filling). A claim per freed slot made the claims, not the POSTs, the bound:
  // 2.3 claim statements per delivery in the push bench, each a round trip to a loaded
  // database, one at a time — a burst of filled deliveries waited seconds for its turn
  // (filled → sent p99 3.9 s). A claim now takes a full set of slots' worth; those that
  // wait hold their lease (WEBHOOK_LEASE_MS, a minute) for the few milliseconds until a slot
  // frees, or until a hanging receiver's timeout at worst.
  const waiting: ClaimedDelivery[] = [];
  let sending: Promise<void> | null = null;
  let sendAgain = false;
  // Whether the last claim took every delivery it asked for (more may be due).
  let claimedFull = false;
  const startWaiting = () => {
    while (inFlight.size < CONCURRENCY && waiting.length > 0) {
      const d = waiting.shift()!;
      const running: Promise<void> = attempt(d)
        .catch((error: unknown) => deps.onError(error, 'webhooks: attempt failed'))
        .finally(() => {
          inFlight.delete(running);
          // A freed slot takes the next waiting delivery, or claims more.
          if (deps.sendWhileFilling && !stopping.signal.aborted) void send();
        });
      inFlight.add(running);
    }
  };
  const claimFreeSlots = async () => {
    while (!killed.signal.aborted) {
      startWaiting();
      const free = CONCURRENCY - inFlight.size;
      if (free <= 0) return;
      const ask = deps.sendWhileFilling ? CONCURRENCY : free;
      const claimed = await deps.deliveries.claim(deps.orm.em.fork(), ask, deps.config.leaseMs);
      claimedFull = claimed.length === ask;
      waiting.push(...claimed);
      startWaiting();
      if (!claimedFull) return;
    }
  };
  // One claimer at a time (two would each claim the same free slots); a call meanwhile
  // makes it look again when it is done.
  const send = (): Promise<void> => {
    if (sending) {
      sendAgain = true;
      return sending;
    }
    sending = (async () => {
      do {
        sendAgain = false;
        await claimFreeSlots().catch((error: unknown) => deps.onError(error, 'webhooks: claim failed'));
      } while (sendAgain && !killed.signal.aborted);
    })().finally(() => (sending = null));
    return sending;
  };
  const settle = async () => {
    while (inFlight.size > 0) await Promise.race(inFlight);
  };

  const tick = async () => {
    // Sending does not wait for the filling: what is due goes out while new events are
    // turned into deliveries, and a delivery filled meanwhile goes with the next claims.
    if (deps.sendWhileFilling) {
      // Each group's deliveries are claimed as soon as they are committed: waiting for the
      // round's last group kept them filled but unsent for seconds (filled → sent p99 4.5 s).
      await Promise.all([fillDeliveries({ ...deps, onFilled: () => void send() }), send()]);
      await send();
    } else {
      await fillDeliveries(deps);
      do {
        await send();
        await settle();
      } while (claimedFull && !killed.signal.aborted);
    }
    if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await deps.deliveries.prune(deps.orm.em.fork(), deps.config.logRetentionMs);
    }
  };

  // The outbox position the last wake-up reached: an event past it starts a round (one
  // committed during a round wakes the next). The feed is never awaited outside the race
  // with the poll: a feed that cannot start (the database down) must not stop delivery.
  let seen: EventPosition | null = null;
  // When the last round started. A wake-up within WEBHOOK_FILL_INTERVAL_MS of it waits for
  // the interval's end, so a burst's events go out together: the push bench's deliveries
  // followed the ingest's pace (1,094 at 753 postings/s, 3,688 at 360), each an insert, a
  // claim and a write-back on the primary while it was busiest with the ingest, and a POST
  // to the receiver. With 1 s they were about half as many (README "Push delivery", stop 43).
  let lastRoundAt = 0;
  const feed = deps.events?.().catch((error: unknown) => {
    deps.onError(error, 'webhooks: no wake-ups from the event feed (polling only)');
    return null;
  });
  const nextRound = async () => {
    const round = new AbortController();
    const signal = AbortSignal.any([stopping.signal, round.signal]);
    const woken = (async () => {
      const f = await feed;
      if (!f) return new Promise<void>(() => undefined);
      seen ??= (await f.head()).start;
      const last = await f.waitBeyond(seen, signal);
      if (last) seen = last;
    })().catch((error: unknown) => deps.onError(error, 'webhooks: event feed wait failed'));
    await Promise.race([sleep(deps.config.pollMs, undefined, { signal }).catch(() => undefined), woken]);
    round.abort();
    const wait = lastRoundAt + deps.config.fillIntervalMs - Date.now();
    if (wait > 0) await sleep(wait, undefined, { signal: stopping.signal }).catch(() => undefined);
  };

  const loop = (async () => {
    while (!stopping.signal.aborted && !killed.signal.aborted) {
      lastRoundAt = Date.now();
      await tick().catch((error: unknown) => deps.onError(error, 'webhooks: round failed'));
      await nextRound();
    }
  })();

  return {
    tick,
    stop: async () => {
      stopping.abort();
      await loop;
      await sending;
      // Claimed before the stop: sent now rather than left to their lease running out.
      while (waiting.length > 0 || inFlight.size > 0) {
        startWaiting();
        await Promise.race(inFlight);
      }
    },
    kill: () => {
      killed.abort();
      stopping.abort();
    },
  };
}
