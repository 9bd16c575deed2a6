/**
 * The benchmark at a tiny N without latency, through the real engine and the built emulator (needs
 * dist/): the JSON's shape, request counts at the minimum in every phase, the floor beside the mix and
 * the ratios to it, per-process figures (counts and presence, never times), and the native rows: the
 * mix through the native provider beside the dynamic one, and the allowlist's run of a form through a
 * provider. One size and no baseline: each stack through the five phases is about ten engine commands.
 */
import * as os from "node:os";
import { table } from "../../bench";
import { ALLOWLIST_FORMS, allowlistStack, nativeTable, PROVIDER_NAMES } from "../../bench/native";
import { classify, PROCESS_CLASSES } from "../../bench/measure";
import { CONNECTION_CHECK_ROUTE, PHASES, medianOf, runBench, type BenchResult, type PhaseResult } from "../../bench/run";
import { mixedStack } from "../../bench/mix";

let result: BenchResult;

/** The smallest allowlist whose update touches a rule (one in ten, the first). */
const RULES = 2;
const FRESH = 3;

beforeAll(async () => {
  result = await runBench({
    sizes: [0, 6],
    baseline: false,
    latencyMs: 0,
    clients: 10,
    seconds: 0.25,
    allowlist: RULES,
    // Per rule through the native provider: the dynamic provider's rules are the mix's path, and inline rules the provider tier's (test/provider/owned-children.test.ts).
    allowlistForms: ["per-rule"],
    allowlistProviders: ["native"],
    freshRuns: FRESH,
    // Nothing here is timed: the processes' compiled code is reused, as in the other engine tests.
    compileCache: true,
  });
  // Four stacks, about 40 CLI commands: minutes on an idle machine; the margin is for a shared one.
}, 3_600_000);

test("every phase of N=6 makes exactly the minimum of requests: one connection check, then one per resource created, read or deleted, none for a no-op preview, one PATCH per touched resource", () => {
  const [run] = result.runs;
  expect(run.n).toBe(6);
  expect(run.touched).toBe(1);
  expect(run.phases.map((p) => p.phase)).toEqual([...PHASES]);
  const expected = { create: 7, preview: 1, refresh: 7, update: 2, destroy: 7 };
  const method = { create: "POST", preview: "", refresh: "GET", update: "PATCH", destroy: "DELETE" };
  for (const p of run.phases) {
    expect({ phase: p.phase, minimum: p.minimum, requests: p.requests }).toEqual({
      phase: p.phase,
      minimum: expected[p.phase],
      requests: expected[p.phase],
    });
    // The connection check once, then one route per kind, each with the phase's method.
    const { [CONNECTION_CHECK_ROUTE]: checks, ...routes } = p.routes;
    expect(checks).toBe(1);
    for (const route of Object.keys(routes)) expect(route.startsWith(`${method[p.phase]} `)).toBe(true);
  }
  const kinds = new Set(mixedStack(6).map((r) => r.kind));
  expect(Object.keys(run.phases[0].routes)).toHaveLength(kinds.size + 1);
});

test("without the baseline no empty stack runs, N = 0 listed included; net times are the phases' own; no growth", () => {
  expect(result.baseline).toBeNull();
  expect(result.runs.map((r) => r.n)).toEqual([6]);
  for (const p of [...result.runs[0].phases, ...result.runs[0].floor.phases]) expect(p.netMs).toBe(p.ms);
  expect(result.growth).toBeNull();
});

test("the floor runs the same resources through the same phases, makes no request, and has the mix's property names per kind", () => {
  for (const run of result.runs) {
    expect(run.floor.phases.map((p) => p.phase)).toEqual([...PHASES]);
    expect(run.floor.phases.map((p) => p.requests)).toEqual(PHASES.map(() => 0));
  }
  const [run] = result.runs;
  expect(run.floor.shapeMismatches).toEqual([]);
  // A small serialized factory, like the mix's: comparable in size, far below a serialized provider object.
  expect(run.floor.providerBytes.max).toBeGreaterThan(0);
  expect(run.floor.providerBytes.max).toBeLessThanOrEqual(512);
  expect(run.floor.stateBytesPerResource).toBeGreaterThan(run.floor.providerBytes.mean);
});

test("every figure of the mix has its ratio to the floor's", () => {
  for (const run of result.runs) {
    expect(run.vsFloor.phases.map((r) => r.phase)).toEqual([...PHASES]);
    run.vsFloor.phases.forEach((r, i) => {
      const [mix, floor] = [run.phases[i], run.floor.phases[i]];
      expect(r.ms).toBeCloseTo(mix.ms / floor.ms, 1);
      expect(r.requests).toBeNull(); // the floor makes none
      for (const c of PROCESS_CLASSES) {
        const [m, f] = [mix.processes.byClass[c], floor.processes.byClass[c]];
        expect(r.cpuMs[c]).toEqual(f.cpuMs > 0 ? expect.closeTo(m.cpuMs / f.cpuMs, 1) : null);
        expect(r.peakKb[c]).toEqual(f.peakKb && m.peakKb !== null ? expect.closeTo(m.peakKb / f.peakKb, 1) : null);
      }
    });
  }
  const [run] = result.runs;
  expect(run.vsFloor.stateBytes).toBeCloseTo(run.stateBytes / run.floor.stateBytes, 1);
  expect(run.vsFloor.providerBytes).toBeCloseTo(run.providerBytes.mean / run.floor.providerBytes.mean, 1);
});

test("per-process figures: program, provider, engine and language host are each seen with CPU and peak memory where they run", () => {
  if (process.platform !== "linux") return;
  const present = (p: PhaseResult, classes: Array<(typeof PROCESS_CLASSES)[number]>) => {
    for (const c of classes) {
      const f = p.processes.byClass[c];
      expect({ phase: p.phase, class: c, seen: f.count > 0, memory: (f.peakKb ?? 0) > 1000 }).toEqual({
        phase: p.phase,
        class: c,
        seen: true,
        memory: true,
      });
    }
    expect(p.processes.treeCpuMs).toBeGreaterThan(0);
    expect(p.processes.byClass.engine.cpuMs).toBeGreaterThan(0);
    expect(p.processes.unattributedCpuMs).toEqual(
      p.processes.treeCpuMs! - PROCESS_CLASSES.reduce((sum, c) => sum + p.processes.byClass[c].cpuMs, 0),
    );
  };
  for (const run of [result.runs[0], result.runs[0].floor]) {
    for (const p of run.phases) {
      // destroy runs no program; every phase with resources starts the dynamic provider.
      present(p, p.phase === "destroy" ? ["provider", "engine"] : ["program", "provider", "engine", "languageHost"]);
      expect(p.providerPeakKb).toBe(p.processes.byClass.provider.peakKb);
    }
  }
});

test("the emulator's CPU is measured per phase apart from the stack's processes; the floor, which makes no request, costs it no more than the mix", () => {
  if (process.platform !== "linux") return;
  const [run] = result.runs;
  for (const p of [...run.phases, ...run.floor.phases]) {
    expect(Number.isInteger(p.emulatorCpuMs) && p.emulatorCpuMs >= 0).toBe(true);
    expect(p.processes.otherCommands.some((c) => c.includes("emulator"))).toBe(false);
  }
  const total = (ps: PhaseResult[]) => ps.reduce((sum, p) => sum + p.emulatorCpuMs, 0);
  expect(total(run.phases)).toBeGreaterThanOrEqual(total(run.floor.phases));
});

test("repeated runs combine figure by figure into medians: numbers, nulls where a run has none, lists joined", () => {
  const run = (ms: number, peakKb: number | null, commands: string[]) => ({
    phase: "create",
    ms,
    processes: { byClass: { provider: { cpuMs: ms / 2, peakKb } }, otherCommands: commands },
  });
  expect(medianOf([run(30, 5, ["a"]), run(10, null, []), run(20, 7, ["b", "a"])])).toEqual({
    phase: "create",
    ms: 20,
    processes: { byClass: { provider: { cpuMs: 10, peakKb: 6 } }, otherCommands: ["a", "b"] },
  });
  expect(medianOf([4, 1, 3, 2])).toBe(2.5);
  expect(medianOf([null, null])).toBeNull();
  expect(result.repeat).toBe(1);
  for (const p of result.runs[0].phases) expect(p.msRuns).toEqual([p.ms]);
});

test("processes are classified by their command line", () => {
  expect(classify(["/cache/bin/pulumi", "up", "--yes"])).toBe("engine");
  expect(classify(["/cache/bin/pulumi-language-nodejs", "-root", "/x", "127.0.0.1:1234"])).toBe("languageHost");
  expect(classify(["/bin/sh", "/cache/bin/pulumi-resource-pulumi-nodejs", "127.0.0.1:1"])).toBe("provider");
  expect(classify(["node", "/repo/node_modules/@pulumi/pulumi/cmd/dynamic-provider", "127.0.0.1:1"])).toBe("provider");
  expect(classify(["node", "-e", `console.log(require.resolve('@pulumi/pulumi/cmd/dynamic-provider'))`])).toBe("provider");
  expect(classify(["node", "/repo/node_modules/@pulumi/pulumi/cmd/run", "--monitor", "x", "."])).toBe("program");
  expect(classify(["node", "/repo/dist/emulator/cli.js", "--port", "0"])).toBe("emulator");
  expect(classify(["/bin/sh", "/tmp/bin/pulumi-resource-edgeingress", "127.0.0.1:1"])).toBe("provider");
  expect(classify(["/usr/bin/node", "/repo/dist/native/main.js", "127.0.0.1:1"])).toBe("provider");
  expect(classify(["/cache/bin/pulumi-language-yaml", "127.0.0.1:1234"])).toBe("languageHost");
  expect(classify(["git", "status"])).toBe("other");
});

test("sizes come from a real stack export: __provider at most 2 KB per resource", () => {
  const [run] = result.runs;
  expect(run.providerBytes.max).toBeGreaterThan(0);
  expect(run.providerBytes.max).toBeLessThanOrEqual(2048);
  expect(run.stateBytesPerResource).toBeGreaterThan(run.providerBytes.mean);
  // The checkpoint file holds the same state without the export's indentation; `__provider` twice per resource.
  for (const r of [run, run.floor]) {
    expect(r.storedBytes).toBeLessThan(r.stateBytes);
    expect(r.storedBytesPerResource).toBeGreaterThan(2 * r.providerBytes.mean);
  }
  // policy → restriction, tunnels → weighted backend: two levels in the first six resources.
  expect(run.depth).toBe(2);
});

test("the JSON holds the ideal, the provider's memory, the load, the plugin's start-up and the emulator's throughput", () => {
  const json = JSON.parse(JSON.stringify(result)) as BenchResult;
  expect(json).toMatchObject({ latencyMs: 0, parallel: 4 * os.availableParallelism(), machine: { cpus: os.availableParallelism() } });
  const create = json.runs[0].phases[0];
  expect(create).toMatchObject({ idealMs: 0, ratio: null, effectiveParallelism: expect.any(Number) });
  if (process.platform === "linux") expect(create.providerPeakKb).toBeGreaterThan(10_000);
  expect(json.throughput.readsPerSecond).toBeGreaterThan(0);
  expect(json.throughput.writesPerSecond).toBeGreaterThan(0);
  // Loading the package is measured in fresh processes, Pulumi's own load apart.
  expect(json.load.runs).toBe(FRESH);
  expect(json.load.pulumiMs).toBeGreaterThan(0);
  expect(json.load.packageMs).toBeGreaterThan(0);
  expect(json.growth).toBeNull();
  expect(json.runs[0].phases.every((p) => typeof p.load === "number")).toBe(true);
  // The plugin's start-up beside node -e, measured in fresh processes (bench/startup.ts).
  expect(json.startup).toMatchObject({ runs: FRESH, pluginMs: expect.any(Number), nodeMs: expect.any(Number), ratio: expect.any(Number) });
  const printed = table(json);
  expect(printed).toContain(`package load (median of ${FRESH} fresh processes)`);
  expect(printed).toContain(`plugin start-up (median of ${FRESH} fresh processes each`);
  expect(printed).toContain("| 6 | create |");
  expect(printed).toMatch(/\| 6 \| create \| \d+ \/ \d+ \([\d.]+×\) \|/);
});

test("the mix runs through the native provider beside the dynamic one: the same resources, the same requests in every phase (connection checks apart), the plugin as the provider process, the YAML host running the program", () => {
  const [run] = result.runs;
  const native = run.native!;
  expect(native.provider).toBe("native");
  expect(native.resources).toBe(6);
  expect(native.phases.map((p) => p.phase)).toEqual([...PHASES]);
  // The same requests but for the connection check, which each phase makes at least once.
  const work = (p: Pick<PhaseResult, "phase" | "requests" | "routes">) => [p.phase, p.requests - (p.routes[CONNECTION_CHECK_ROUTE] ?? 0)];
  expect(native.phases.map(work)).toEqual(run.phases.map(work));
  for (const p of native.phases) expect(p.routes[CONNECTION_CHECK_ROUTE]).toBeGreaterThanOrEqual(1);
  expect(native.stateBytes).toBeGreaterThan(0);
  if (process.platform !== "linux") return;
  for (const p of native.phases) {
    const { provider, languageHost, program } = p.processes.byClass;
    expect({ phase: p.phase, provider: provider.count > 0 && (provider.peakKb ?? 0) > 10_000, program: program.count }).toEqual({
      phase: p.phase,
      provider: true,
      program: 0,
    });
    if (p.phase !== "destroy") expect(languageHost.count).toBeGreaterThan(0);
  }
});

test("the allowlist runs the forms and providers asked for, each rule created and deleted once, the update patching the one rule it touches", () => {
  const allowlist = result.allowlist!;
  expect(allowlist).toMatchObject({ rules: RULES, touched: 1 });
  expect(allowlist.runs.map((r) => [r.form, r.provider, r.resources])).toEqual([["per-rule", "native", RULES + 2]]);
  const [run] = allowlist.runs;
  expect(run.phases.map((p) => p.phase)).toEqual([...PHASES]);
  const rules = (name: string, method: string) =>
    Object.entries(run.phases.find((p) => p.phase === name)!.routes)
      .filter(([route]) => route.startsWith(`${method} /ip_policy_rules`))
      .reduce((sum, [, n]) => sum + n, 0);
  expect([rules("create", "POST"), rules("update", "PATCH"), rules("destroy", "DELETE")]).toEqual([RULES, 1, RULES]);
  expect(run.stateBytes).toBeGreaterThan(0);
});

test("the allowlist's two forms declare the same rules; the update changes one rule in ten", () => {
  const cidrs = (spec: ReturnType<typeof allowlistStack>) =>
    spec.flatMap((r) =>
      r.kind === "IpPolicyRule" ? [r.args.cidr] : ((r.args.rules as Array<{ cidr: string }> | undefined) ?? []).map((x) => x.cidr),
    );
  const inline = allowlistStack(25, "inline");
  expect(new Set(cidrs(inline)).size).toBe(25);
  expect(cidrs(allowlistStack(25, "per-rule"))).toEqual(cidrs(inline));
  const changed = (form: "inline" | "per-rule") => JSON.stringify(allowlistStack(25, form, true)).split(" v2").length - 1;
  expect([changed("inline"), changed("per-rule")]).toEqual([3, 3]);
});

test("the native rows are printed: dynamic against native for the mix and the allowlist, per-rule against inline for each provider", () => {
  const json = JSON.parse(JSON.stringify(result)) as BenchResult;
  const printed = nativeTable(json);
  expect(printed).toMatch(/\| mix 6 \| create \| [\d.]+ \/ [\d.]+ \([\d.]+×\) \| 7 \/ 7 \(1\.00×\) \|/);
  // A pair is printed only when both of its runs are there: one run of the allowlist makes none.
  expect(printed).not.toContain(`| allowlist ${RULES} per-rule |`);
  expect(printed).toContain(`| allowlist per-rule native | ${RULES + 2} |`);
  // Every form through every provider: the measured run under each label (the tables' layout, not figures).
  const [run] = json.allowlist!.runs;
  const runs = ALLOWLIST_FORMS.flatMap((form) => PROVIDER_NAMES.map((provider) => ({ ...run, form, provider })));
  const all = nativeTable({ ...json, allowlist: { ...json.allowlist!, runs } });
  expect(all).toContain(`| allowlist ${RULES} inline | refresh |`);
  expect(all).toContain(`| allowlist ${RULES} per-rule | destroy |`);
  expect(all).toContain("| native | update |");
  expect(all).toContain("| dynamic | create |");
});
