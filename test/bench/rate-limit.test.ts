/**
 * The benchmark's rate-limit mode: its command line, the limit's minimum and the ratios, the targets
 * and the report from made-up counters, then one small run through the real engine against the built
 * emulator's limiter (needs dist/): the figures agree with each other and with the counters, never a time.
 */
import { isRateLimitMode, parseRateLimitArgs } from "../../bench";
import { rateLimitFlags, type Counters, type WireRateLimit } from "../../bench/emulator";
import {
  BUCKET,
  failureOutput,
  limitMinimumMs,
  modesSummary,
  phaseFigures,
  rateLimitResult,
  rateLimitTable,
  rulesStack,
  runRateLimitBench,
  type RateLimitPhase,
  type RateLimitResult,
} from "../../bench/rate-limit";
import { PHASES } from "../../bench/run";

describe("command line", () => {
  test("--rate-limit selects the mode; defaults: the emulator's burst, Retry-After on, no headers, 1000 rules, one stack, 25 ms", () => {
    expect(isRateLimitMode(["--rate-limit", "120"])).toBe(true);
    expect(isRateLimitMode(["--rate-limit=120"])).toBe(true);
    expect(isRateLimitMode(["--n", "0,20"])).toBe(false);
    expect(parseRateLimitArgs(["--rate-limit", "120"])).toEqual({
      limit: { perMinute: 120, burst: undefined, retryAfter: true, headers: false },
      rules: 1000,
      stacks: 1,
      latencyMs: 25,
      parallel: undefined,
      phases: undefined,
      out: undefined,
    });
    expect(
      parseRateLimitArgs([
        "--rate-limit=600",
        "--burst",
        "7",
        "--no-retry-after",
        "--headers",
        "--rules",
        "100",
        "--stacks",
        "2",
        "--latency",
        "0",
        "--parallel",
        "16",
        "--phases",
        "refresh,destroy",
        "--out",
        "x.json",
      ]),
    ).toEqual({
      limit: { perMinute: 600, burst: 7, retryAfter: false, headers: true },
      rules: 100,
      stacks: 2,
      latencyMs: 0,
      parallel: 16,
      phases: ["refresh", "destroy"],
      out: "x.json",
    });
  });

  test("bad values are refused naming the option and its rule", () => {
    const bad: Array<[string[], RegExp]> = [
      [["--rate-limit", "0"], /--rate-limit must be at least 1, got 0/],
      [["--rate-limit", "1.5"], /--rate-limit must be a whole number, got "1.5"/],
      [["--rate-limit", "lots"], /--rate-limit must be a whole number, got "lots"/],
      [["--rate-limit"], /--rate-limit/],
      [["--rate-limit", "120", "--burst", "0"], /--burst must be at least 1, got 0/],
      [["--rate-limit", "120", "--rules=-3"], /--rules must be a whole number, got "-3"/],
      [["--rate-limit", "120", "--rules", "70000"], /--rules must be at most 65536 \(distinct \/32s per stack/],
      [["--rate-limit", "120", "--stacks", "0"], /--stacks must be at least 1, got 0/],
      [["--rate-limit", "120", "--stacks", "300"], /--stacks must be at most 256/],
      [["--rate-limit", "120", "--latency", "x"], /--latency must be a whole number, got "x"/],
      [["--rate-limit", "120", "--n", "0,20"], /--n is an option of the mixed-stack benchmark, not of --rate-limit/],
      [["--rate-limit", "120", "--repeat=3"], /--repeat is an option of the mixed-stack benchmark/],
      [["--rate-limit", "120", "--phases", "refresh,apply"], /--phases: "apply" is not one of create, preview, refresh, update, destroy/],
      [["--rate-limit", "120", "--bogus"], /bogus/],
      [["--rate-limit", "120", "--both-modes", "--no-retry-after"], /--both-modes runs with Retry-After and then without/],
    ];
    for (const [argv, message] of bad) expect(() => parseRateLimitArgs(argv)).toThrow(message);
    expect(parseRateLimitArgs(["--rate-limit", "300", "--both-modes"])).toMatchObject({ bothModes: true, limit: { retryAfter: true } });
  });

  test("the emulator gets its limiter flags, the burst and Retry-After only when given", () => {
    expect(rateLimitFlags(undefined)).toEqual([]);
    expect(rateLimitFlags({ perMinute: 120 })).toEqual(["--rate-limit", "120"]);
    expect(rateLimitFlags({ perMinute: 600, burst: 5, retryAfter: false, headers: true })).toEqual([
      "--rate-limit",
      "600",
      "--rate-limit-burst",
      "5",
      "--rate-limit-retry-after",
      "no",
      "--rate-limit-headers",
    ]);
  });
});

test("the stack: a policy, N rules on it with CIDRs distinct across stacks, a restriction; the update changes every rule's description and nothing else", () => {
  const a = rulesStack(300, 0);
  const b = rulesStack(300, 1);
  expect(a.map((r) => r.kind)).toEqual(["IpPolicy", ...Array(300).fill("IpPolicyRule"), "IpRestriction"]);
  const cidrs = [...a, ...b].filter((r) => r.kind === "IpPolicyRule").map((r) => r.args.cidr);
  expect(new Set(cidrs).size).toBe(600);
  expect(cidrs).toContain("10.0.1.43/32"); // rule 299
  expect(a[1].args).toEqual({ ipPolicyId: "@policy", cidr: "10.0.0.0/32", action: "allow", description: "rule 0" });
  expect(a[301].args).toMatchObject({ type: "endpoints", ipPolicyIds: ["@policy"] });
  const updated = rulesStack(300, 0, true);
  const changed = updated.filter((r, i) => JSON.stringify(r) !== JSON.stringify(a[i]));
  expect(changed).toHaveLength(300);
  for (const r of changed) expect(r.args.description).toMatch(/^rule \d+ v2$/);
});

test("the limit's minimum: the requests let through beyond the burst at the account's rate", () => {
  expect(limitMinimumMs(1003, 10, 120)).toBe(496_500); // 993 requests at 2 a second
  expect(limitMinimumMs(10, 10, 120)).toBe(0);
  expect(limitMinimumMs(3, 10, 120)).toBe(0);
  expect(limitMinimumMs(25, 5, 1200)).toBe(1000);
});

const limit: WireRateLimit = { per_minute: 120, burst: 10, retry_after: true, headers: false };
/** Made-up counters; `spanMs`: the accepted requests' first and last times that far apart. */
const counters = (routes: Record<string, [number, number]>, spanMs?: number): Counters => {
  const entries = Object.entries(routes).map(([route, [requests, limited]]) => [route, { requests, rate_limited: limited }] as const);
  const sum = (i: 0 | 1) => Object.values(routes).reduce((s, r) => s + r[i], 0);
  const at = (ms: number) => new Date(Date.UTC(2026, 10, 29, 10) + ms).toISOString();
  const accepted = spanMs === undefined ? { first: null, last: null } : { first: at(0), last: at(spanMs) };
  return { routes: Object.fromEntries(entries), totals: { requests: sum(0), rate_limited: sum(1) }, accepted };
};

describe("figures and targets from made-up counters", () => {
  test("a create: accepted, share, minimum and ratio from the counters; targets ratio ≤ 1.1×, 429s ≤ 10 %, no failed command", () => {
    const p = phaseFigures(
      "create",
      counters({
        "GET /api_keys": [1, 0],
        "POST /ip_policies": [1, 0],
        "POST /ip_policy_rules": [1050, 50],
        "POST /ip_restrictions": [1, 0],
      }),
      [{ stack: "s", ms: 520_000, exitCode: 0 }],
      limit,
    );
    expect(p).toMatchObject({
      requests: 1053,
      rateLimited: 50,
      accepted: 1003,
      share: 0.047,
      ms: 520_000,
      minimumMs: 496_500,
      ratio: 1.05,
      spanMs: null,
      spanRatio: null,
      failed: 0,
    });
    expect(p.routes["POST /ip_policy_rules"]).toEqual({ requests: 1050, rateLimited: 50 });
    expect(p.targets).toEqual([
      { name: "wall ÷ minimum", value: 1.05, limit: 1.1, met: true },
      { name: "429 share", value: 0.047, limit: 0.1, met: true },
      { name: "failed commands", value: 0, limit: 0, met: true },
    ]);
  });

  test("two stacks: the slower one's wall against the combined minimum, ≤ 1.15×; a failed command is counted and fails its target", () => {
    const runs = [
      { stack: "a", ms: 600_000, exitCode: 0 },
      { stack: "b", ms: 580_000, exitCode: 255, output: "error: …" },
    ];
    const p = phaseFigures("destroy", counters({ "DELETE /ip_policy_rules/{id}": [1100, 100] }, 510_000), runs, limit);
    expect(p).toMatchObject({ accepted: 1000, minimumMs: 495_000, ms: 600_000, ratio: 1.21, failed: 1, share: 0.091 });
    // The account's time at the limit, from the first accepted request to the last, apart from the commands' start-up.
    expect(p).toMatchObject({ spanMs: 510_000, spanRatio: 1.03 });
    // Each stack against the combined minimum: the one that waited on the other shows it.
    expect(p.stacks.map((r) => r.ratio)).toEqual([1.21, 1.17]);
    expect(p.targets.map((t) => [t.name, t.limit, t.met])).toEqual([
      ["wall ÷ minimum", 1.15, false],
      ["429 share", 0.1, true],
      ["failed commands", 0, false],
    ]);
  });

  test("both Retry-After modes of two stacks: the table shows each stack's ratio, the summary each mode's per phase with a minimum", () => {
    const runs = (a: number, b: number) => [
      { stack: "rate-limit-75-0", ms: a, exitCode: 0 },
      { stack: "rate-limit-75-1", ms: b, exitCode: 0 },
    ];
    const result = (retryAfter: boolean, ms: number): RateLimitResult => {
      const wire = { ...limit, retry_after: retryAfter };
      const phases = [
        phaseFigures("create", counters({ "POST /ip_policy_rules": [1010, 7] }, ms - 10_000), runs(ms, 480_000), wire),
        phaseFigures("preview", counters({ "GET /api_keys": [2, 0] }), runs(4000, 4100), wire),
      ];
      const setup = { machine: { cpus: 2, node: "v24", pulumi: "3", load: [1, 2] as [number, number] } };
      return rateLimitResult(phases, { ...setup, date: "d", latencyMs: 25, parallel: 8, rateLimit: wire, rules: 75, stacks: 2 });
    };
    const on = result(true, 510_000);
    expect(rateLimitTable(on)).toContain(
      "| create | 1010 | 7 | 0.7 % | 1003 | 510000 | 510000 (1.03×), 480000 (0.97×) | 496500 | 1.03× | 500000 (1.01×) |",
    );
    expect(modesSummary([on, result(false, 600_000)]).split("\n")).toEqual([
      "| phase | Retry-After on: ratio, span ratio (429 share) | Retry-After off: ratio, span ratio (429 share) |",
      "|---|---|---|",
      "| create | 1.03×, 1.01× (0.7 %) | 1.21×, 1.19× (0.7 %) |",
    ]);
  });

  test("preview and refresh: request targets per stack (2 and 15) and refresh ≤ 30 s; no ratio when everything fit in the burst", () => {
    const preview = phaseFigures("preview", counters({ "GET /api_keys": [1, 0] }), [{ stack: "s", ms: 4000, exitCode: 0 }], limit);
    expect(preview).toMatchObject({ minimumMs: 0, ratio: null, share: 0 });
    expect(preview.targets[0]).toEqual({ name: "requests", value: 1, limit: 2, met: true });
    const refresh = phaseFigures(
      "refresh",
      counters({ "GET /ip_policy_rules": [22, 2] }),
      [{ stack: "s", ms: 31_000, exitCode: 0 }],
      limit,
    );
    expect(refresh.targets.slice(0, 2)).toEqual([
      { name: "requests", value: 22, limit: 15, met: false },
      { name: "wall ms", value: 31_000, limit: 30_000, met: false },
    ]);
    const twoStacks = phaseFigures(
      "refresh",
      counters({ "GET /ip_policy_rules": [22, 0] }),
      [
        { stack: "a", ms: 9000, exitCode: 0 },
        { stack: "b", ms: 9000, exitCode: 0 },
      ],
      limit,
    );
    expect(twoStacks.targets[0]).toEqual({ name: "requests", value: 22, limit: 30, met: true });
    // A create whose requests all fit in the bucket: its ratio target does not apply.
    const small = phaseFigures("create", counters({ "POST /ip_policy_rules": [8, 0] }), [{ stack: "s", ms: 3000, exitCode: 0 }], limit);
    expect(small.targets[0]).toEqual({ name: "wall ÷ minimum", value: null, limit: 1.1, met: null });
  });

  test("the report: the phases, failed commands summed, the targets not met by phase, and a table row per phase with its targets", () => {
    const runs = (ms: number, exitCode = 0) => [{ stack: "rate-limit-1000", ms, exitCode }];
    const phases: RateLimitPhase[] = [
      phaseFigures("create", counters({ "POST /ip_policy_rules": [1010, 7] }), runs(510_000), limit),
      phaseFigures("preview", counters({ "GET /api_keys": [1, 0] }), runs(4000), limit),
      phaseFigures("refresh", counters({ "GET /ip_policy_rules": [12, 0] }), runs(9000), limit),
      phaseFigures("update", counters({ "PATCH /ip_policy_rules/{id}": [1001, 0] }), runs(600_000, 255), limit),
      phaseFigures("destroy", counters({ "DELETE /ip_policy_rules/{id}": [1003, 0] }), runs(500_000), limit),
    ];
    const result: RateLimitResult = rateLimitResult(phases, {
      date: "2026-11-25T10:00:00.000Z",
      machine: { cpus: 2, node: "v24", pulumi: "3", load: [1, 2] },
      latencyMs: 25,
      parallel: 8,
      rateLimit: limit,
      rules: 1000,
      stacks: 1,
    });
    expect(result).toMatchObject({ mode: "rate-limit", bucket: BUCKET, failedCommands: 1, rules: 1000, stacks: 1 });
    expect(result.phases.map((p) => p.phase)).toEqual([...PHASES]);
    expect(result.notMet).toEqual(["update: wall ÷ minimum 1.21× ≤ 1.1×: NOT met", "update: failed commands 1 ≤ 0: NOT met"]);
    const printed = rateLimitTable(JSON.parse(JSON.stringify(result)) as RateLimitResult);
    expect(printed).toContain("rate limit 120/min (burst 10, Retry-After on, RateLimit-* headers off), 1 × 1000 rules");
    expect(printed).toContain(
      "| create | 1010 | 7 | 0.7 % | 1003 | 510000 | 496500 | 1.03× | – | 0 | wall ÷ minimum 1.03× ≤ 1.1×: met; 429 share 0.7 % ≤ 10 %: met; failed commands 0 ≤ 0: met |",
    );
    expect(printed).toContain("| preview | 1 | 0 | 0 % | 1 | 4000 | 0 | – | – | 0 | requests 1 ≤ 2: met;");
    expect(printed).not.toContain("wall ms per stack");
    expect(printed).toContain(
      "failed commands: 1; targets not met: update: wall ÷ minimum 1.21× ≤ 1.1×: NOT met; update: failed commands 1 ≤ 0: NOT met",
    );
  });

  test("a failed command's output is kept without the root token, its end when long", () => {
    const out = failureOutput({ code: 255, stdout: "x".repeat(5000) + " tail", stderr: "error: key s3cr3t refused" }, "s3cr3t");
    expect(out).not.toContain("s3cr3t");
    expect(out.length).toBeLessThanOrEqual(4001);
    expect(out.endsWith(" tail")).toBe(true);
    expect(failureOutput({ code: 1, stdout: "", stderr: "error: key s3cr3t refused" }, "s3cr3t")).toBe("error: key [root token] refused");
  });
});

describe("a small run through the real engine (two stacks of 12 rules at 1200/min, burst 5)", () => {
  let result: RateLimitResult;

  beforeAll(async () => {
    result = await runRateLimitBench({
      limit: { perMinute: 1200, burst: 5, retryAfter: true, headers: false },
      rules: 12,
      stacks: 2,
      latencyMs: 0,
    });
  }, 600_000);

  test("every phase ran both stacks, none failed; the limit is the emulator's as set", () => {
    expect(result.rateLimit).toEqual({ per_minute: 1200, burst: 5, retry_after: true, headers: false });
    expect(result.phases.map((p) => p.phase)).toEqual([...PHASES]);
    for (const p of result.phases) {
      expect(p.stacks.map((s) => s.stack)).toEqual(["rate-limit-12-0", "rate-limit-12-1"]);
      expect(p.stacks.map((s) => [s.exitCode, s.output])).toEqual([
        [0, undefined],
        [0, undefined],
      ]);
    }
    expect(result.failedCommands).toBe(0);
  });

  test("the figures agree: requests and 429s are the per-route sums, accepted = requests − 429s, minimum and ratio from them, wall = the slower stack's", () => {
    for (const p of result.phases) {
      const routes = Object.values(p.routes);
      expect(p.requests).toBe(routes.reduce((s, r) => s + r.requests, 0));
      expect(p.rateLimited).toBe(routes.reduce((s, r) => s + r.rateLimited, 0));
      for (const r of routes) expect(r.rateLimited).toBeLessThanOrEqual(r.requests);
      expect(p.accepted).toBe(p.requests - p.rateLimited);
      // The share is written rounded to 3 decimals.
      expect(Math.abs(p.share - (p.requests ? p.rateLimited / p.requests : 0))).toBeLessThanOrEqual(0.0005 + 1e-12);
      expect(p.minimumMs).toBe(limitMinimumMs(p.accepted, 5, 1200));
      expect(p.ratio).toEqual(p.minimumMs > 0 ? expect.closeTo(p.ms / p.minimumMs, 2) : null);
      expect(p.ms).toBe(Math.max(...p.stacks.map((s) => s.ms)));
      // The span is inside the phase's commands: at least the limit's minimum, at most the slower command.
      expect(p.spanMs).not.toBeNull();
      expect(p.spanMs!).toBeGreaterThanOrEqual(p.minimumMs);
      expect(p.spanMs!).toBeLessThanOrEqual(p.ms);
    }
  });

  test("the requests are the stacks': every resource of both created once and deleted once, every rule's description patched", () => {
    const accepted = (phase: string, prefix: string) => {
      const p = result.phases.find((x) => x.phase === phase)!;
      return Object.entries(p.routes)
        .filter(([route]) => route.startsWith(prefix))
        .reduce((s, [, r]) => s + r.requests - r.rateLimited, 0);
    };
    expect(accepted("create", "POST /ip_policy_rules")).toBe(24);
    expect(accepted("create", "POST /ip_policies")).toBe(2);
    expect(accepted("create", "POST /ip_restrictions")).toBe(2);
    expect(accepted("update", "PATCH /ip_policy_rules")).toBe(24);
    expect(accepted("destroy", "DELETE /ip_policy_rules")).toBe(24);
    expect(accepted("destroy", "DELETE /ip_policies")).toBe(2);
    // Everything beyond the burst of 5 waited for the limit: the write phases have a minimum.
    for (const phase of ["create", "update", "destroy"]) expect(result.phases.find((p) => p.phase === phase)!.minimumMs).toBeGreaterThan(0);
    const printed = rateLimitTable(result);
    expect(printed).toContain("wall ms per stack");
    expect(printed).toContain("2 × 12 rules");
  });
});
