/**
 * A simulated account for the pacer (sdk/core/pacer.ts), shared by its tests: a clock whose time moves
 * only when every task waits on it, a token bucket as the emulator's limiter has it (continuous refill,
 * starts full, `Retry-After` = whole seconds until a token, at least 1; optional `RateLimit-*` headers),
 * and clients that send each request's attempts through a pacer the way sdk/core/retry.ts drives it.
 */
import type { Answer, Pacer, PacerClock } from "../../sdk/core/pacer";
import { parseRetryAfter } from "../../sdk/core/retry";

/** A clock whose time moves only when every pending task waits on it. */
export class SimClock implements PacerClock {
  t = 0;
  #timers: Array<{ at: number; seq: number; resolve: () => void }> = [];
  #seq = 0;

  now = (): number => this.t;

  sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      this.#timers.push({ at: this.t + Math.max(0, ms), seq: this.#seq++, resolve });
    });

  /** Runs until `work` settles, moving time from timer to timer. */
  async run<T>(work: Promise<T>): Promise<T> {
    let settled = false;
    const done = work.finally(() => (settled = true));
    done.catch(() => undefined);
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (settled) return done;
      if (this.#timers.length === 0) throw new Error("deadlock: nothing to wait for and the work is not done");
      this.#timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const timer = this.#timers.shift()!;
      this.t = Math.max(this.t, timer.at);
      timer.resolve();
    }
  }
}

export interface BucketOptions {
  perSecond: number;
  burst: number;
  retryAfter: boolean;
  headers: boolean;
}

/** The account: one token bucket for every client. */
export class Bucket {
  tokens: number;
  #at = 0;
  accepted = 0;
  refused = 0;

  constructor(readonly opts: BucketOptions) {
    this.tokens = opts.burst;
  }

  take(now: number): Answer {
    this.tokens = Math.min(this.opts.burst, this.tokens + ((now - this.#at) / 1000) * this.opts.perSecond);
    this.#at = now;
    const headers: Record<string, string> = {};
    const ok = this.tokens >= 1;
    if (ok) this.tokens -= 1;
    if (this.opts.headers) {
      headers["ratelimit-limit"] = String(this.opts.perSecond * 60);
      headers["ratelimit-remaining"] = String(Math.floor(this.tokens));
      headers["ratelimit-reset"] = String(Math.ceil((this.opts.burst - this.tokens) / this.opts.perSecond));
      headers["ratelimit-policy"] = `${this.opts.perSecond * 60};w=60`;
    }
    if (ok) {
      this.accepted += 1;
      return { status: 200, headers };
    }
    this.refused += 1;
    if (this.opts.retryAfter) headers["retry-after"] = String(Math.max(1, Math.ceil((1 - this.tokens) / this.opts.perSecond)));
    return { status: 429, headers };
  }
}

export class GaveUp extends Error {
  constructor(readonly at: number) {
    super(`gave up at ${at} ms`);
  }
}

export const LATENCY_MS = 40;

/** A seeded generator (mulberry32): the backoff's jitter and the simulated faults repeat run to run. */
export function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const random = seeded(42);

/** One request: attempts through the pacer until one is not refused, or the pacer says to give up. */
export async function send(pacer: Pacer, clock: SimClock, answer: (now: number) => Answer, waitMs: number): Promise<Answer> {
  for (let refusals = 1; ; refusals++) {
    const ticket = await pacer.acquire();
    await clock.sleep(LATENCY_MS / 2);
    const reply = answer(clock.now());
    await clock.sleep(LATENCY_MS / 2);
    pacer.answered(ticket, reply);
    if (reply.status !== 429) return reply;
    const retryAfter = reply.headers?.["retry-after"];
    const wait = pacer.refused(
      parseRetryAfter(typeof retryAfter === "string" ? retryAfter : undefined, clock.now()),
      waitMs,
      refusals,
      random,
    );
    if (wait === undefined) throw new GaveUp(clock.now());
    await clock.sleep(wait);
  }
}

/** `requests` requests at `concurrency`, all through one pacer; resolves to when the last one ended. */
export async function phase(
  pacer: Pacer,
  clock: SimClock,
  answer: (now: number) => Answer,
  requests: number,
  concurrency = 8,
  waitMs = 300_000,
): Promise<number> {
  let left = requests;
  const worker = async () => {
    while (left > 0) {
      left -= 1;
      await send(pacer, clock, answer, waitMs);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return clock.now();
}
