/**
 * The pacing logic (sdk/core/pacer.ts) under a simulated clock, against a simulated account: a token
 * bucket as the emulator's limiter has it (continuous refill, starts full, `Retry-After` = whole seconds
 * until a token, at least 1; optional `RateLimit-*` headers). Clients send at a fixed concurrency, each
 * request's attempts going through the pacer the way sdk/core/retry.ts drives it.
 */
import { Pacer, type Answer, pacerFor, readRateLimitHeaders } from "../../../sdk/core/pacer";
import { Bucket, type BucketOptions, GaveUp, LATENCY_MS, phase, send, SimClock } from "../../support/pacer-sim";

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

/** Processes on one bucket, each starting `at` ms in with `n` requests at concurrency 8; when each finished, and the combined minimum. */
async function shared(bucket: Bucket, processes: Array<{ n: number; at: number }>): Promise<{ took: number[]; minimum: number }> {
  const clock = new SimClock();
  const answer = (now: number) => bucket.take(now);
  const took = await clock.run(
    Promise.all(processes.map(({ n, at }) => clock.sleep(at).then(() => phase(new Pacer(clock), clock, answer, n)))),
  );
  const total = processes.reduce((sum, p) => sum + p.n, 0);
  return { took, minimum: ((total - bucket.opts.burst) / bucket.opts.perSecond) * 1000 };
}

// Two stacks of 75 rules at 300/min (the emulator's burst, 5 s worth): a short phase, 26 s at the least,
// whose pipelines start their requests a few seconds apart (engine start-up differs).
describe("two processes of 77 requests each on a bucket of 5/s, burst 25, the second starting 0–8 s later", () => {
  const cases = modes.slice(0, 2).flatMap(([name, mode]) => [0, 1000, 2000, 5000, 8000].map((at) => [name, at, mode] as const));
  test.each(cases)(
    "%s, %i ms later: neither waits on the other, the later one done within 1.2x the combined minimum",
    async (_name, at, mode) => {
      const bucket = new Bucket({ perSecond: 5, burst: 25, ...mode });
      const { took, minimum } = await shared(bucket, [
        { n: 77, at: 0 },
        { n: 77, at },
      ]);
      expect(bucket.accepted).toBe(154);
      expect(Math.max(...took)).toBeLessThanOrEqual(1.2 * minimum);
    },
  );
});

describe("a process left alone when the other finished (20 and 150 requests, 5/s, burst 25)", () => {
  test.each(modes.slice(0, 2))("%s: it takes the whole rate soon, within 1.2x the combined minimum", async (_name, mode) => {
    const bucket = new Bucket({ perSecond: 5, burst: 25, ...mode });
    const { took, minimum } = await shared(bucket, [
      { n: 20, at: 0 },
      { n: 150, at: 0 },
    ]);
    expect(bucket.accepted).toBe(170);
    expect(Math.max(...took)).toBeLessThanOrEqual(1.2 * minimum);
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

test("EI_PACER_TRACE: each answer appends its process, time, status, the rate after it and the attempts waiting", () => {
  const fs = require("node:fs") as typeof import("node:fs");
  const file = require("node:path").join(require("node:os").tmpdir(), `ei-pacer-trace-${process.pid}.jsonl`) as string;
  fs.rmSync(file, { force: true });
  process.env.EI_PACER_TRACE = file;
  try {
    jest.isolateModules(() => {
      const traced = require("../../../sdk/core/pacer") as typeof import("../../../sdk/core/pacer");
      const clock = new SimClock();
      const pacer = new traced.Pacer(clock);
      pacer.answered({ seq: 1 }, { status: 200 });
      clock.t = 1000;
      pacer.answered({ seq: 2 }, { status: 429 });
    });
    const lines = fs
      .readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([
      { pid: process.pid, at: 0, status: 200, rate: null, waiting: 0 },
      // The first 429 starts pacing: one accepted answer in the last seconds, so the first rate.
      { pid: process.pid, at: 1000, status: 429, rate: 1, waiting: 0 },
    ]);
  } finally {
    delete process.env.EI_PACER_TRACE;
    fs.rmSync(file, { force: true });
  }
});
