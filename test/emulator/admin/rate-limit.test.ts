/**
 * The account's rate limit: the bucket and its headers under a simulated clock, then over HTTP (an
 * emulator server built with that clock, startEmulator, the admin API, the CLI flags).
 */
import type { AddressInfo } from "node:net";
import { startEmulator, type EmulatorOptions } from "../../../emulator";
import { adminSurface, defaultBurst, RateLimiter, TokenBucket, type RateLimitSettings } from "../../../emulator/admin";
import { ROUTES } from "../../../emulator/routes";
import { createEmulatorServer } from "../../../emulator/server";
import { KINDS } from "../../../emulator/state";
import { Store } from "../../../emulator/state/store";
import { Client, start, type Reply, type Started } from "../../support/emulator";
import { killAll, requireBuiltCli, spawnCli } from "../spawn";
import { expectError } from "../support";

/** A clock the test moves by hand (ms). */
function clock(startMs = 0) {
  let t = startMs;
  return { now: () => t, set: (ms: number) => void (t = ms), advance: (ms: number) => void (t += ms) };
}

const settings = (s: Partial<RateLimitSettings> & { per_minute: number }): RateLimitSettings => ({
  burst: defaultBurst(s.per_minute),
  retry_after: true,
  headers: false,
  ...s,
});

const RATE_HEADERS = ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "ratelimit-policy"];
const rateHeaders = (reply: Reply) =>
  Object.fromEntries(RATE_HEADERS.filter((h) => reply.headers[h] !== undefined).map((h) => [h, reply.headers[h]]));

describe("the token bucket (simulated clock)", () => {
  test("starts full: `burst` requests at once go through, the next is refused", () => {
    const c = clock();
    const bucket = new TokenBucket(60, 3, c.now);
    expect([1, 2, 3, 4].map(() => bucket.take().allowed)).toEqual([true, true, true, false]);
  });

  test("refills continuously at exactly per_minute: one token per 1000 ms at 60/min", () => {
    const c = clock(5_000);
    const bucket = new TokenBucket(60, 2, c.now);
    expect(bucket.take().allowed).toBe(true);
    expect(bucket.take().allowed).toBe(true);
    c.advance(999);
    expect(bucket.take().allowed).toBe(false);
    c.advance(1);
    expect(bucket.take().allowed).toBe(true);
    expect(bucket.take().allowed).toBe(false);
    c.advance(500);
    expect(bucket.take().allowed).toBe(false);
    c.advance(500);
    expect(bucket.take().allowed).toBe(true);
  });

  test("asked faster than the rate for a minute: exactly burst + per_minute requests go through", () => {
    const c = clock();
    const bucket = new TokenBucket(120, 10, c.now);
    let allowed = 0;
    for (let t = 0; t <= 60_000; t += 50) {
      c.set(t);
      if (bucket.take().allowed) allowed++;
    }
    expect(allowed).toBe(10 + 120);
  });

  test("never holds more than `burst`: a long quiet time gives one burst, not more", () => {
    const c = clock();
    const bucket = new TokenBucket(60, 4, c.now);
    c.advance(3_600_000);
    let allowed = 0;
    while (bucket.take().allowed) allowed++;
    expect(allowed).toBe(4);
  });

  test("a clock that steps back neither adds nor removes tokens", () => {
    const c = clock(10_000);
    const bucket = new TokenBucket(60, 1, c.now);
    expect(bucket.take().allowed).toBe(true);
    c.set(0);
    expect(bucket.take().allowed).toBe(false);
    c.set(10_999);
    expect(bucket.take().allowed).toBe(false);
    c.set(11_000);
    expect(bucket.take().allowed).toBe(true);
  });

  test("remaining whole tokens, and the waits until one token and until full", () => {
    const c = clock();
    const bucket = new TokenBucket(60, 3, c.now);
    expect(bucket.take()).toEqual({ allowed: true, remaining: 2, retryAfterMs: 0, resetMs: 1000 });
    expect(bucket.take()).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0, resetMs: 2000 });
    expect(bucket.take()).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0, resetMs: 3000 });
    c.advance(250);
    expect(bucket.take()).toEqual({ allowed: false, remaining: 0, retryAfterMs: 750, resetMs: 2750 });
  });

  test.each([
    [120, 10],
    [60, 5],
    [13, 2],
    [12, 1],
    [5, 1],
    [0.5, 1],
  ])("default burst of %d/min is %d (5 s worth, at least 1)", (perMinute, burst) => {
    expect(defaultBurst(perMinute)).toBe(burst);
  });
});

describe("the limiter's answers (simulated clock)", () => {
  test("Retry-After: whole seconds until the next token, rounded up, at least 1", () => {
    const c = clock();
    const limiter = new RateLimiter(settings({ per_minute: 6, burst: 1 }), c.now); // one token per 10 s
    expect(limiter.take()).toEqual({ allowed: true, message: expect.any(String), headers: {} });
    const retryAfter = () => limiter.take()!.headers["Retry-After"];
    expect(retryAfter()).toBe("10");
    c.set(2_500);
    expect(retryAfter()).toBe("8");
    c.set(9_000);
    expect(retryAfter()).toBe("1");
    c.set(9_999);
    expect(retryAfter()).toBe("1");
    c.set(10_000);
    expect(limiter.take()!.allowed).toBe(true);

    // Under a millisecond to the next token is still "1", never "0".
    const fast = new RateLimiter(settings({ per_minute: 600_000, burst: 1 }), c.now);
    expect(fast.take()!.allowed).toBe(true);
    expect(fast.take()!.headers).toEqual({ "Retry-After": "1" });
  });

  test("the refusal's message names the limit", () => {
    const limiter = new RateLimiter(settings({ per_minute: 120, burst: 1 }), clock().now);
    limiter.take();
    expect(limiter.take()).toMatchObject({ allowed: false, message: "Your account is rate limited to 120 API requests per minute." });
  });

  test("retry_after false: a refusal carries no Retry-After", () => {
    const limiter = new RateLimiter(settings({ per_minute: 60, burst: 1, retry_after: false }), clock().now);
    limiter.take();
    expect(limiter.take()).toMatchObject({ allowed: false, headers: {} });
  });

  test("headers on: RateLimit-Limit, -Remaining, -Reset, -Policy on every answer, the refusal too", () => {
    const c = clock();
    const limiter = new RateLimiter(settings({ per_minute: 60, burst: 3, headers: true }), c.now);
    const policy = { "RateLimit-Limit": "60", "RateLimit-Policy": "60;w=60" };
    expect(limiter.take()!.headers).toEqual({ ...policy, "RateLimit-Remaining": "2", "RateLimit-Reset": "1" });
    expect(limiter.take()!.headers).toEqual({ ...policy, "RateLimit-Remaining": "1", "RateLimit-Reset": "2" });
    expect(limiter.take()!.headers).toEqual({ ...policy, "RateLimit-Remaining": "0", "RateLimit-Reset": "3" });
    expect(limiter.take()).toEqual({
      allowed: false,
      message: expect.any(String),
      headers: { ...policy, "RateLimit-Remaining": "0", "RateLimit-Reset": "3", "Retry-After": "1" },
    });
    c.set(1_500); // 1.5 tokens: one taken, half a token left, 2.5 s to full
    expect(limiter.take()!.headers).toEqual({ ...policy, "RateLimit-Remaining": "0", "RateLimit-Reset": "3" });
  });

  test("no settings: no limit; changed settings start a full bucket, the same settings keep it", () => {
    const c = clock();
    const limiter = new RateLimiter(null, c.now);
    expect(limiter.take()).toBeNull();
    limiter.settings = settings({ per_minute: 60, burst: 1 });
    expect(limiter.take()!.allowed).toBe(true);
    expect(limiter.take()!.allowed).toBe(false);
    limiter.settings = settings({ per_minute: 60, burst: 1 });
    expect(limiter.take()!.allowed).toBe(false);
    limiter.settings = settings({ per_minute: 60, burst: 2 });
    expect([limiter.take()!.allowed, limiter.take()!.allowed, limiter.take()!.allowed]).toEqual([true, true, false]);
    limiter.settings = null;
    expect(limiter.take()).toBeNull();
    expect(limiter.settings).toBeNull();
  });
});

describe("over HTTP with a simulated clock", () => {
  const c = clock();
  let server: ReturnType<typeof createEmulatorServer>;
  let api: Client;

  beforeAll(async () => {
    const store = Store.open(KINDS);
    const rateLimit = settings({ per_minute: 6, burst: 2, headers: true });
    const admin = adminSurface(
      store,
      { latency_ms: [0, 0], fault_rate: 0, faults: ["503"], rate_limit: rateLimit },
      undefined,
      undefined,
      c.now,
    );
    server = createEmulatorServer({
      store,
      rootToken: "clock-root",
      routes: [...ROUTES, ...admin.routes],
      hooks: [admin.hook],
      log: () => undefined,
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    api = new Client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, "clock-root");
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  test("the 429: its body, Retry-After and RateLimit-* exactly; admin answers carry none of them", async () => {
    const first = await api.post("/ip_policies", { description: "first" });
    expect(first.status).toBe(201);
    expect(rateHeaders(first)).toEqual({
      "ratelimit-limit": "6",
      "ratelimit-remaining": "1",
      "ratelimit-reset": "10",
      "ratelimit-policy": "6;w=60",
    });
    c.advance(4_000);
    const second = await api.get("/ip_policies");
    expect(rateHeaders(second)).toMatchObject({ "ratelimit-remaining": "0", "ratelimit-reset": "16" });
    c.advance(1_000);
    const refused = await api.post("/ip_policies", { description: "refused" });
    expectError(refused, 429, "RATE_LIMITED");
    expect(refused.body).toEqual({
      error_code: "RATE_LIMITED",
      status_code: 429,
      msg: "Your account is rate limited to 6 API requests per minute.",
      details: { operation_id: refused.headers["edge-ingress-operation-id"] },
    });
    expect(refused.headers["retry-after"]).toBe("5");
    expect(rateHeaders(refused)).toEqual({
      "ratelimit-limit": "6",
      "ratelimit-remaining": "0",
      "ratelimit-reset": "15",
      "ratelimit-policy": "6;w=60",
    });

    const admin = await api.get("/_emulator/faults");
    expect(admin.status).toBe(200);
    expect(rateHeaders(admin)).toEqual({});
    expect(admin.headers["retry-after"]).toBeUndefined();

    c.advance(5_000);
    const again = await api.get("/ip_policies");
    expect(again.status).toBe(200);
    expect(again.body.ip_policies.map((p: { description: string }) => p.description)).toEqual(["first"]);
  });
});

describe("startEmulator({ rateLimit })", () => {
  let started: Started | undefined;
  afterEach(async () => {
    await started?.close();
    started = undefined;
  });
  // One token per 10 s: no token comes back while a test runs.
  async function emulatorWith(rateLimit: EmulatorOptions["rateLimit"], opts: EmulatorOptions = {}): Promise<Client> {
    started = await start({ rateLimit, log: () => undefined, ...opts });
    return started.api;
  }

  test("off by default: GET /_emulator/faults shows rate_limit null and nothing is refused", async () => {
    const api = await emulatorWith(undefined);
    expect((await api.get("/_emulator/faults")).body.rate_limit).toBeNull();
    for (let i = 0; i < 30; i++) expect((await api.get("/ip_policies")).status).toBe(200);
    expect((await api.get("/_emulator/counters")).body.totals).toMatchObject({ requests: 30, rate_limited: 0 });
  });

  test("a number is per_minute with the defaults", async () => {
    const api = await emulatorWith(120);
    expect((await api.get("/_emulator/faults")).body.rate_limit).toEqual({ per_minute: 120, burst: 10, retry_after: true, headers: false });
  });

  test("account-wide: the root token, every API key and requests without a token share one bucket; /_emulator/ is not limited or counted", async () => {
    const api = await emulatorWith({ perMinute: 6, burst: 5 });
    const a = (await api.post("/api_keys", { description: "a" })).body.token; // 1
    const b = (await api.post("/api_keys", { description: "b" })).body.token; // 2
    expect((await api.as(a).get("/ip_policies")).status).toBe(200); // 3
    expectError(await api.get("/ip_policies", { token: null }), 401, "UNAUTHORIZED"); // 4
    expectError(await api.get("/no/such/route"), 404, "ROUTE_NOT_FOUND"); // 5
    const lastAccepted = (await api.get("/_emulator/counters")).body.accepted.last;
    for (const who of [api, api.as(a), api.as(b)]) expectError(await who.get("/ip_policies"), 429, "RATE_LIMITED");
    expectError(await api.get("/ip_policies", { token: null }), 429, "RATE_LIMITED");
    // A refused create changes nothing.
    const refused = await api.unchanged(() => api.post("/ip_policies", { description: "never" }));
    expectError(refused, 429, "RATE_LIMITED");

    for (let i = 0; i < 10; i++) expect((await api.get("/_emulator/faults")).status).toBe(200);
    const { routes, totals, accepted } = (await api.get("/_emulator/counters")).body;
    // The refused requests are not the account's busy time: the last accepted request is still the fifth.
    expect(accepted.last).toBe(lastAccepted);
    const zeroFaults = { "429": 0, "503": 0, reset: 0, timeout: 0 };
    expect(routes).toEqual({
      "GET /ip_policies": { requests: 6, rate_limited: 4, faults: zeroFaults },
      "POST /api_keys": { requests: 2, rate_limited: 0, faults: zeroFaults },
      "POST /ip_policies": { requests: 1, rate_limited: 1, faults: zeroFaults },
    });
    expect(totals).toEqual({ requests: 10, rate_limited: 5, faults: zeroFaults });
  });

  test("retryAfter true (default): Retry-After up to 10 s at 6/min; false: none; no RateLimit-* unless headers", async () => {
    let api = await emulatorWith({ perMinute: 6, burst: 1 });
    await api.get("/ip_policies");
    let refused = await api.get("/ip_policies");
    expectError(refused, 429, "RATE_LIMITED");
    expect(refused.body.msg).toBe("Your account is rate limited to 6 API requests per minute.");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(10);
    expect(rateHeaders(refused)).toEqual({});
    await started!.close();

    api = await emulatorWith({ perMinute: 6, burst: 1, retryAfter: false });
    await api.get("/ip_policies");
    refused = await api.get("/ip_policies");
    expectError(refused, 429, "RATE_LIMITED");
    expect(refused.headers["retry-after"]).toBeUndefined();
    expect(rateHeaders(refused)).toEqual({});
  });

  test("headers: every answer of a limited route carries RateLimit-*, errors and 204s too", async () => {
    const api = await emulatorWith({ perMinute: 6, burst: 4, headers: true });
    const id = (await api.post("/ip_policies", {})).body.id;
    const answers = [
      await api.del(`/ip_policies/${id}`),
      await api.get("/ip_policies", { token: null }),
      await api.get("/no/such/route"),
      await api.get("/ip_policies"),
    ];
    expect(answers.map((r) => r.status)).toEqual([204, 401, 404, 429]);
    expect(answers.map((r) => r.headers["ratelimit-remaining"])).toEqual(["2", "1", "0", "0"]);
    for (const reply of answers)
      expect(reply.headers).toMatchObject({
        "ratelimit-limit": "6",
        "ratelimit-policy": "6;w=60",
        "ratelimit-reset": expect.stringMatching(/^\d+$/),
      });
  });

  test("a refused request is answered at once and not faulted: no latency, no fault, none counted as one", async () => {
    const api = await emulatorWith({ perMinute: 6, burst: 1 }, { faultRate: 1, faults: ["503"] });
    expectError(await api.get("/ip_policies"), 503, "SERVICE_UNAVAILABLE");
    // A minute of latency on every request; PUT without rate_limit leaves the (empty) bucket as it is.
    expect((await api.put("/_emulator/faults", { latency_ms: [60_000, 60_000], fault_rate: 1, faults: ["reset"] })).status).toBe(200);
    expectError(await api.post("/ip_policies", {}), 429, "RATE_LIMITED");
    expect((await api.get("/_emulator/counters")).body.totals).toEqual({
      requests: 2,
      rate_limited: 1,
      faults: { "429": 0, "503": 1, reset: 0, timeout: 0 },
    });
  }, 20_000);

  test.each<[string, EmulatorOptions["rateLimit"], string]>([
    ["a negative rate", -1, "rateLimit: must be greater than 0, got -1"],
    ["a string", "60" as never, "rateLimit: must be a number, got string"],
    ["an object without perMinute", { burst: 2 } as never, "rateLimit.perMinute: is required"],
    ["perMinute below 0", { perMinute: -5 }, "rateLimit.perMinute: must be greater than 0, got -5"],
    ["a burst of 0", { perMinute: 60, burst: 0 }, "rateLimit.burst: must be at least 1, got 0"],
    ["a fractional burst", { perMinute: 60, burst: 1.5 }, "rateLimit.burst: must be an integer"],
    ["retryAfter not a boolean", { perMinute: 60, retryAfter: "no" as never }, "rateLimit.retryAfter: must be a boolean, got string"],
    ["headers not a boolean", { perMinute: 60, headers: 1 as never }, "rateLimit.headers: must be a boolean, got number"],
    [
      "an unknown key",
      { perMinute: 60, window: 60 } as never,
      "rateLimit.window: unknown option (accepted: perMinute, burst, retryAfter, headers)",
    ],
  ])("refuses %s, naming the option", async (_, rateLimit, message) => {
    await expect(startEmulator({ rateLimit })).rejects.toThrow(message);
  });

  test("0 is off", async () => {
    const api = await emulatorWith(0);
    expect((await api.get("/_emulator/faults")).body.rate_limit).toBeNull();
  });
});

describe("rate_limit in GET/PUT /_emulator/faults", () => {
  let started: Started;
  let api: Client;
  beforeEach(async () => {
    started = await start({ log: () => undefined });
    api = started.api;
  });
  afterEach(() => started.close());

  const faults = { latency_ms: [0, 0], fault_rate: 0, faults: ["503"] };

  test("PUT sets it with defaults; PUT without it leaves it; null turns it off", async () => {
    const put = await api.put("/_emulator/faults", { ...faults, rate_limit: { per_minute: 6 } });
    expect(put.status).toBe(200);
    const expected = { per_minute: 6, burst: 1, retry_after: true, headers: false };
    expect(put.body).toEqual({ ...faults, rate_limit: expected });
    expect((await api.get("/_emulator/faults")).body.rate_limit).toEqual(expected);
    expect((await api.get("/ip_policies")).status).toBe(200);
    expectError(await api.get("/ip_policies"), 429, "RATE_LIMITED");

    expect((await api.put("/_emulator/faults", { ...faults, fault_rate: 0.5 })).body).toEqual({
      ...faults,
      fault_rate: 0.5,
      rate_limit: expected,
    });
    expectError(await api.get("/ip_policies"), 429, "RATE_LIMITED");

    expect((await api.put("/_emulator/faults", { ...faults, rate_limit: null })).body.rate_limit).toBeNull();
    for (let i = 0; i < 5; i++) expect((await api.get("/ip_policies")).status).toBe(200);
  });

  test("a PUT that changes the limit refills the bucket; the same limit again does not", async () => {
    const limit = { per_minute: 6, burst: 1, retry_after: false, headers: true };
    await api.put("/_emulator/faults", { ...faults, rate_limit: limit });
    expect((await api.get("/ip_policies")).status).toBe(200);
    expectError(await api.get("/ip_policies"), 429, "RATE_LIMITED");
    await api.put("/_emulator/faults", { ...faults, rate_limit: limit });
    expectError(await api.get("/ip_policies"), 429, "RATE_LIMITED");
    await api.put("/_emulator/faults", { ...faults, rate_limit: { ...limit, burst: 2 } });
    expect((await api.get("/ip_policies")).status).toBe(200);
    expect((await api.get("/ip_policies")).status).toBe(200);
    expectError(await api.get("/ip_policies"), 429, "RATE_LIMITED");
  });

  test.each<[string, unknown, string, string]>([
    ["an empty object", {}, "MISSING_FIELD", "rate_limit.per_minute"],
    ["per_minute 0", { per_minute: 0 }, "INVALID_FIELD", "rate_limit.per_minute"],
    ["per_minute negative", { per_minute: -1 }, "INVALID_FIELD", "rate_limit.per_minute"],
    ["per_minute a string", { per_minute: "60" }, "INVALID_FIELD", "rate_limit.per_minute"],
    ["burst 0", { per_minute: 60, burst: 0 }, "INVALID_FIELD", "rate_limit.burst"],
    ["burst fractional", { per_minute: 60, burst: 2.5 }, "INVALID_FIELD", "rate_limit.burst"],
    ["retry_after a string", { per_minute: 60, retry_after: "yes" }, "INVALID_FIELD", "rate_limit.retry_after"],
    ["headers a number", { per_minute: 60, headers: 1 }, "INVALID_FIELD", "rate_limit.headers"],
    ["an unknown field", { per_minute: 60, window_s: 60 }, "UNKNOWN_FIELD", "rate_limit.window_s"],
    ["a number", 60, "INVALID_FIELD", "rate_limit"],
  ])("refuses %s, naming the field, and keeps every setting", async (_, rateLimit, code, field) => {
    const kept = { ...faults, rate_limit: { per_minute: 600, burst: 50, retry_after: true, headers: false } };
    await api.put("/_emulator/faults", kept);
    expectError(
      await api.put("/_emulator/faults", { latency_ms: [1, 1], fault_rate: 0, faults: ["429"], rate_limit: rateLimit }),
      400,
      code,
      field,
    );
    expect((await api.get("/_emulator/faults")).body).toEqual(kept);
  });
});

describe("CLI flags", () => {
  beforeAll(requireBuiltCli);
  afterEach(killAll);

  test("--rate-limit 6 --rate-limit-burst 2 --rate-limit-retry-after no --rate-limit-headers", async () => {
    const cli = spawnCli([
      "--root-token",
      "rl-root",
      "--rate-limit",
      "6",
      "--rate-limit-burst",
      "2",
      "--rate-limit-retry-after",
      "no",
      "--rate-limit-headers",
    ]);
    const api = new Client(await cli.url, "rl-root");
    expect((await api.get("/_emulator/faults")).body.rate_limit).toEqual({ per_minute: 6, burst: 2, retry_after: false, headers: true });
    expect((await api.get("/ip_policies")).status).toBe(200);
    expect((await api.get("/ip_policies")).headers["ratelimit-remaining"]).toBe("0");
    const refused = await api.get("/ip_policies");
    expectError(refused, 429, "RATE_LIMITED");
    expect(refused.headers["retry-after"]).toBeUndefined();
    expect(refused.headers["ratelimit-policy"]).toBe("6;w=60");
    cli.child.kill("SIGTERM");
    expect(await cli.exit).toBe(0);
  });

  test.each([
    [["--rate-limit", "120"], { per_minute: 120, burst: 10, retry_after: true, headers: false }],
    [["--rate-limit", "6", "--rate-limit-retry-after", "yes"], { per_minute: 6, burst: 1, retry_after: true, headers: false }],
    [["--rate-limit", "0"], null],
    [[], null],
  ])("%j: rate_limit %j", async (flags, expected) => {
    const cli = spawnCli(["--root-token", "rl-root", ...flags]);
    const api = new Client(await cli.url, "rl-root");
    expect((await api.get("/_emulator/faults")).body.rate_limit).toEqual(expected);
  });

  test.each([
    [["--rate-limit", "fast"], /--rate-limit must be a number of requests per minute/],
    [["--rate-limit", "1e3"], /--rate-limit must be a number/],
    [["--rate-limit", "60", "--rate-limit-burst", "0"], /--rate-limit-burst: must be at least 1, got 0/],
    [["--rate-limit", "60", "--rate-limit-burst", "2.5"], /--rate-limit-burst must be a whole number/],
    [["--rate-limit", "60", "--rate-limit-retry-after", "maybe"], /--rate-limit-retry-after must be yes or no, got "maybe"/],
    [["--rate-limit-burst", "3"], /--rate-limit-burst needs --rate-limit <n> greater than 0/],
    [["--rate-limit", "0", "--rate-limit-headers"], /--rate-limit-headers needs --rate-limit/],
    [["--rate-limit-retry-after", "no"], /--rate-limit-retry-after needs --rate-limit/],
  ])("bad rate limit flags %j: exit 2 with a message naming the flag", async (args, message) => {
    const cli = spawnCli(args);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toMatch(message);
    expect(cli.stderr()).toContain("Usage: edge-ingress-emulator");
    expect(cli.stdout()).toBe("");
  });
});
