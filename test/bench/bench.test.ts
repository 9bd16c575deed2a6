/**
 * The benchmark at a tiny N without latency, through the real engine and the built emulator (needs
 * dist/): the JSON's shape, and request counts at the minimum in every phase (counts, never times).
 */
import * as os from "node:os";
import { table } from "../../bench";
import { CONNECTION_CHECK_ROUTE, PHASES, runBench, type BenchResult } from "../../bench/run";
import { mixedStack } from "../../bench/mix";

let result: BenchResult;

beforeAll(async () => {
  result = await runBench({ sizes: [6], latencyMs: 0, clients: 10, seconds: 0.5 });
}, 300_000);

test("every phase of N=6 makes exactly the minimum of requests: one connection check, then one per resource created, read or deleted, none for a no-op preview, one PATCH per touched resource", () => {
  const [run] = result.runs;
  expect(run.n).toBe(6);
  expect(run.touched).toBe(1);
  expect(run.phases.map((p) => p.phase)).toEqual([...PHASES]);
  const expected = { create: 7, preview: 1, refresh: 7, update: 2, destroy: 7 };
  const method = { create: "POST", preview: "", refresh: "GET", update: "PATCH", destroy: "DELETE" };
  for (const p of run.phases) {
    expect({ phase: p.phase, minimum: p.minimum, requests: p.requests }).toEqual({ phase: p.phase, minimum: expected[p.phase], requests: expected[p.phase] });
    // The connection check once, then one route per kind, each with the phase's method.
    const { [CONNECTION_CHECK_ROUTE]: checks, ...routes } = p.routes;
    expect(checks).toBe(1);
    for (const route of Object.keys(routes)) expect(route.startsWith(`${method[p.phase]} `)).toBe(true);
  }
  const kinds = new Set(mixedStack(6).map((r) => r.kind));
  expect(Object.keys(run.phases[0].routes)).toHaveLength(kinds.size + 1);
});

test("an empty stack makes no request in any phase; its times are the baseline subtracted from each phase", () => {
  expect(result.baseline.n).toBe(0);
  expect(result.baseline.phases.map((p) => p.requests)).toEqual([0, 0, 0, 0, 0]);
  for (const [i, p] of result.runs[0].phases.entries()) expect(p.netMs).toBe(p.ms - result.baseline.phases[i].ms);
});

test("sizes come from a real stack export: __provider at most 2 KB per resource", () => {
  const [run] = result.runs;
  expect(run.providerBytes.max).toBeGreaterThan(0);
  expect(run.providerBytes.max).toBeLessThanOrEqual(2048);
  expect(run.stateBytesPerResource).toBeGreaterThan(run.providerBytes.mean);
  // policy → restriction, tunnels → weighted backend: two levels in the first six resources.
  expect(run.depth).toBe(2);
});

test("the JSON holds the ideal, the provider's memory and the emulator's throughput", () => {
  const json = JSON.parse(JSON.stringify(result)) as BenchResult;
  expect(json).toMatchObject({ latencyMs: 0, parallel: 4 * os.availableParallelism(), machine: { cpus: os.availableParallelism() } });
  const create = json.runs[0].phases[0];
  expect(create).toMatchObject({ idealMs: 0, ratio: null, effectiveParallelism: expect.any(Number) });
  if (process.platform === "linux") expect(create.providerPeakKb).toBeGreaterThan(10_000);
  expect(json.throughput.readsPerSecond).toBeGreaterThan(0);
  expect(json.throughput.writesPerSecond).toBeGreaterThan(0);
  expect(json.growth).toBeNull();
  expect(table(json)).toContain("| 6 | create |");
});
