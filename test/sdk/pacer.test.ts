/**
 * The pacing logic (sdk/core/pacer.ts) under a simulated clock, against a simulated account: a token
 * bucket as the emulator's limiter has it (continuous refill, starts full, `Retry-After` = whole seconds
 * until a token, at least 1; optional `RateLimit-*` headers). Clients send at a fixed concurrency, each
 * request's attempts going through the pacer the way sdk/core/retry.ts drives it.
 */
import { Pacer, type Answer, type PacerClock, pacerFor, readRateLimitHeaders } from "../../sdk/core/pacer";
import { parseRetryAfter } from "../../sdk/core/retry";

/** A clock whose time moves only when every pending task waits on it. */
class SimClock implements PacerClock {
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

interface BucketOptions {
  perSecond: number;
  burst: number;
  retryAfter: boolean;
  headers: boolean;
}

/** The account: one token bucket for every client. */
class Bucket {
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

class GaveUp extends Error {
  constructor(readonly at: number) {
    super(`gave up at ${at} ms`);
  }
}

const LATENCY_MS = 40;

/** A seeded generator (mulberry32): the backoff's jitter and the simulated faults repeat run to run. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(42);

/** One request: attempts through the pacer until one is not refused, or the pacer says to give up. */
async function send(pacer: Pacer, clock: SimClock, answer: (now: number) => Answer, waitMs: number): Promise<Answer> {
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
async function phase(
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

const RATE = 2;
const BURST = 10;
const modes: Array<[string, Omit<BucketOptions, "perSecond" | "burst">]> = [
  ["with Retry-After", { retryAfter: true, headers: false }],
  ["without Retry-After", { retryAfter: false, headers: false }],
  ["with RateLimit headers and Retry-After", { retryAfter: true, headers: true }],
  ["with RateLimit headers, without Retry-After", { retryAfter: false, headers: true }],
];

describe("one process against a token bucket of 2/s, burst 10: 1000 requests at concurrency 8", () => {
  test.each(modes)("%s: at most 10 %% refused, within 1.1x the limit's minimum", async (_name, mode) => {
    const clock = new SimClock();
    const bucket = new Bucket({ perSecond: RATE, burst: BURST, ...mode });
    const pacer = new Pacer(clock);
    const took = await clock.run(phase(pacer, clock, (now) => bucket.take(now), 1000));
    const minimum = ((1000 - BURST) / RATE) * 1000;
    const refusedShare = bucket.refused / (bucket.accepted + bucket.refused);
    expect(bucket.accepted).toBe(1000);
    expect(refusedShare).toBeLessThanOrEqual(0.1);
    expect(took).toBeLessThanOrEqual(1.1 * minimum);
  });
});

describe("two processes on one bucket, 500 requests each, started together", () => {
  test.each(modes)("%s: both finish within 1.15x the combined minimum, at most 10 %% refused", async (_name, mode) => {
    const clock = new SimClock();
    const bucket = new Bucket({ perSecond: RATE, burst: BURST, ...mode });
    const [a, b] = [new Pacer(clock), new Pacer(clock)];
    const took = await clock.run(
      Promise.all([phase(a, clock, (now) => bucket.take(now), 500), phase(b, clock, (now) => bucket.take(now), 500)]),
    );
    const minimum = ((1000 - BURST) / RATE) * 1000;
    const refusedShare = bucket.refused / (bucket.accepted + bucket.refused);
    expect(bucket.accepted).toBe(1000);
    expect(refusedShare).toBeLessThanOrEqual(0.1);
    expect(Math.max(...took)).toBeLessThanOrEqual(1.15 * minimum);
  });
});

const refuseAll = (retryAfter?: string) => (): Answer => ({ status: 429, headers: retryAfter ? { "retry-after": retryAfter } : {} });

describe("an account that lets nothing through", () => {
  test.each([
    ["without Retry-After", undefined],
    ["with Retry-After: 7", "7"],
  ])("%s: the request fails once nothing went through for rateLimitWaitMs, not before", async (_name, retryAfter) => {
    const clock = new SimClock();
    const pacer = new Pacer(clock);
    let attempts = 0;
    const answer = refuseAll(retryAfter);
    const err = await clock.run(
      send(pacer, clock, () => (attempts++, answer()), 60_000).then(
        () => undefined,
        (e: unknown) => e,
      ),
    );
    expect(err).toBeInstanceOf(GaveUp);
    // The first 429 came at LATENCY_MS; the wait runs from it. It ends at the first 429 after it: at most
    // one turn later (a turn is at most 10 s, the slowest pace).
    expect((err as GaveUp).at).toBeGreaterThanOrEqual(60_000 + LATENCY_MS);
    expect((err as GaveUp).at).toBeLessThanOrEqual(60_000 + 10_000 + 2 * LATENCY_MS);
    // Paced, not a storm: at most one attempt a second after the first refusal.
    expect(attempts).toBeGreaterThan(3);
    expect(attempts).toBeLessThanOrEqual(61);
  });

  test("a request that starts during a long refusal fails when the account's wait ends, not its own", async () => {
    const clock = new SimClock();
    const pacer = new Pacer(clock);
    const first = send(pacer, clock, refuseAll(), 60_000).catch((e: unknown) => e);
    const later = clock.sleep(30_000).then(() => send(pacer, clock, refuseAll(), 60_000).catch((e: unknown) => e));
    const [a, b] = await clock.run(Promise.all([first, later]));
    expect(a).toBeInstanceOf(GaveUp);
    expect(b).toBeInstanceOf(GaveUp);
    expect((b as GaveUp).at - (a as GaveUp).at).toBeLessThan(2_000);
  });
});

test("a storm of 429s that ends before rateLimitWaitMs fails nothing", async () => {
  const clock = new SimClock();
  const pacer = new Pacer(clock);
  const bucket = new Bucket({ perSecond: RATE, burst: BURST, retryAfter: false, headers: false });
  // Refuses everything for 4 minutes (another pipeline holds the account), then a bucket of 2/s.
  const answer = (now: number): Answer => (now < 240_000 ? { status: 429, headers: {} } : bucket.take(now));
  const took = await clock.run(phase(pacer, clock, answer, 200, 8, 300_000));
  expect(bucket.accepted).toBe(200);
  expect(took).toBeGreaterThan(240_000);
});

test("answers that went through in between keep a long run of 429s from failing", async () => {
  const clock = new SimClock();
  const pacer = new Pacer(clock);
  // One request every 3 s goes through (less than a tenth of those sent), for far longer than rateLimitWaitMs.
  let lastOk = -Infinity;
  const answer = (now: number): Answer => {
    if (now - lastOk < 3_000) return { status: 429, headers: { "retry-after": "1" } };
    lastOk = now;
    return { status: 200 };
  };
  await clock.run(phase(pacer, clock, answer, 40, 4, 5_000));
  expect(clock.now()).toBeGreaterThan(100_000);
});

describe("rate-limit headers", () => {
  test.each([
    [
      { "ratelimit-policy": "120;w=60", "ratelimit-remaining": "7" },
      { rate: 2, remaining: 7 },
    ],
    [
      { "ratelimit-policy": '"default";q=300;w=60', "ratelimit-remaining": "0" },
      { rate: 5, remaining: 0 },
    ],
    [
      { "x-ratelimit-policy": "60;w=60", "x-ratelimit-remaining": "3" },
      { rate: 1, remaining: 3 },
    ],
    [{ "ratelimit-limit": "120", "ratelimit-remaining": "x" }, {}],
    [{}, {}],
  ])("%j → %j", (headers, expected) => {
    expect(readRateLimitHeaders(headers)).toEqual(expected);
  });

  test("an announced policy paces from the start, at that rate", async () => {
    const clock = new SimClock();
    const pacer = new Pacer(clock);
    pacer.answered(await pacer.acquire(), { status: 200, headers: { "ratelimit-policy": "120;w=60", "ratelimit-remaining": "0" } });
    expect(pacer.rate).toBe(2);
  });
});

test("unpaced until the account shows a limit", async () => {
  const clock = new SimClock();
  const pacer = new Pacer(clock);
  await clock.run(phase(pacer, clock, () => ({ status: 200 }), 100, 8));
  expect(pacer.rate).toBeUndefined();
  // 100 requests at concurrency 8, each LATENCY_MS: nothing waited for the pacer.
  expect(clock.now()).toBe(Math.ceil(100 / 8) * LATENCY_MS);
});

test("one pacer per API URL and key; the URL's trailing slash does not matter", () => {
  const a = pacerFor(new URL("https://api.example.test/v2"), "key_1");
  expect(pacerFor(new URL("https://api.example.test/v2/"), "key_1")).toBe(a);
  expect(pacerFor(new URL("https://api.example.test/v2"), "key_2")).not.toBe(a);
  expect(pacerFor(new URL("https://other.example.test/v2"), "key_1")).not.toBe(a);
});

test("a 429 with Retry-After: 0 is retried after a backoff and does not start pacing", async () => {
  const clock = new SimClock();
  const pacer = new Pacer(clock);
  let n = 0;
  await clock.run(phase(pacer, clock, () => (n++ % 4 === 0 ? { status: 429, headers: { "retry-after": "0" } } : { status: 200 }), 100, 4));
  expect(n).toBeGreaterThan(130);
  expect(pacer.rate).toBeUndefined();
  // Each refused request waited a backoff (up to 500 ms the first time), not nothing.
  expect(clock.now()).toBeGreaterThan((100 / 4) * LATENCY_MS);
});

describe("a fresh process's short phase just past the burst (a refresh of 1000 rules: 3 reads at once, then 10 pages one by one)", () => {
  test.each(modes)("%s: at most 1 refused (10 %% of the phase)", async (_name, mode) => {
    const clock = new SimClock();
    const bucket = new Bucket({ perSecond: RATE, burst: BURST, ...mode });
    const pacer = new Pacer(clock);
    const answer = (now: number) => bucket.take(now);
    await clock.run(
      (async () => {
        await phase(pacer, clock, answer, 3, 3);
        await phase(pacer, clock, answer, 10, 1);
      })(),
    );
    expect(bucket.accepted).toBe(13);
    expect(bucket.refused).toBeLessThanOrEqual(1);
  });
});
