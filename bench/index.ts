/**
 * `npm run bench [-- --n 0,200,1000 --allowlist 1000 --no-native --latency 25 --parallel P --repeat K --clients 50 --seconds 5 --out FILE --skip-checkpoints --profile DIR]`:
 * runs the benchmark (bench/run.ts), prints tables and writes the JSON (default
 * bench/results/bench-<date>.json). N = 0 (the baseline) runs whether listed or not. Each N's mix runs
 * through the native provider too, unless --no-native, and the allowlist of --allowlist rules (0: none)
 * through both providers, inline and a resource per rule (bench/native.ts; `--allowlist-forms inline,per-rule`
 * and `--allowlist-providers dynamic,native` choose among them).
 * `npm run bench -- --rate-limit <n> [--burst B --no-retry-after --headers --rules N --stacks K --phases a,b --latency 25 --parallel P --out FILE]`:
 * the rate-limit mode (bench/rate-limit.ts), JSON by default in bench/results/bench-rate-limit-<date>.json.
 * `npm run bench -- --startup [--runs K --split-runs K]`: the native plugin's start-up alone (bench/startup.ts), beside a bare
 * `node -e`, and where a 20-resource `up` of the native path spends the plugin's time (bench/split.ts; `--split-runs 0`: not).
 * `npm run bench -- --large <n> [--latency 0 --parallel P --out FILE]`: N rules on the native path, inline and a resource
 * per rule with and without checkpoints (bench/large.ts), JSON by default in bench/results/bench-large-<n>-<date>.json.
 * Needs the bootstrap (scripts/bootstrap.sh) once.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "../harness/engine";
import { largeMain } from "./large-main";
import { LABEL, PROCESS_CLASSES } from "./measure";
import { ALLOWLIST_FORMS, nativeTable, PROVIDER_NAMES, vs } from "./native";
import { profileTable, summarize } from "./profile";
import {
  MAX_RULES,
  MAX_STACKS,
  modesSummary,
  rateLimitTable,
  runRateLimitBench,
  type RateLimitOptions,
  type RateLimitResult,
} from "./rate-limit";
import { PHASES, runBench, type BenchResult, type Phase, type PhaseResult } from "./run";
import { sizeRuns } from "./results";
import { splitTable, upSplit } from "./split";
import { pluginStartup, startupLine } from "./startup";

function positive(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got ${JSON.stringify(text)}`);
  return value;
}

function atLeastOne(name: string, text: string): number {
  const value = positive(name, text);
  if (value < 1) throw new Error(`--${name} must be at least 1, got ${value}`);
  return value;
}

function atMost(name: string, value: number, max: number, why: string): number {
  if (value > max) throw new Error(`--${name} must be at most ${max} (${why}), got ${value}`);
  return value;
}

/** Options of the rate-limit mode alone, and those of the mix alone: each refused in the other mode by name. */
const RATE_LIMIT_ONLY = ["burst", "no-retry-after", "both-modes", "headers", "rules", "stacks", "phases"];
const MIX_ONLY = [
  "n",
  "clients",
  "seconds",
  "skip-checkpoints",
  "repeat",
  "profile",
  "allowlist",
  "allowlist-forms",
  "allowlist-providers",
  "no-native",
];

/** The options a command line names (`--name` or `--name=value`), in order. */
function named(argv: string[]): string[] {
  return argv.filter((a) => a.startsWith("--")).map((a) => a.slice(2).split("=")[0]);
}

/** True when the command line asks for the rate-limit mode. */
export function isRateLimitMode(argv: string[]): boolean {
  return named(argv).includes("rate-limit");
}

/** `--rate-limit <n> [--burst B] [--no-retry-after | --both-modes] [--headers] [--rules N] [--stacks K] [--phases a,b] [--latency ms] [--parallel P] [--out FILE]`. */
export function parseRateLimitArgs(argv: string[]): RateLimitOptions & { out?: string; bothModes?: boolean } {
  const mixOnly = named(argv).find((n) => MIX_ONLY.includes(n));
  if (mixOnly) throw new Error(`--${mixOnly} is an option of the mixed-stack benchmark, not of --rate-limit`);
  const { values } = parseArgs({
    args: argv,
    options: {
      "rate-limit": { type: "string" },
      burst: { type: "string" },
      "no-retry-after": { type: "boolean", default: false },
      "both-modes": { type: "boolean", default: false },
      headers: { type: "boolean", default: false },
      rules: { type: "string", default: "1000" },
      stacks: { type: "string", default: "1" },
      phases: { type: "string" },
      latency: { type: "string", default: "25" },
      parallel: { type: "string" },
      out: { type: "string" },
    },
  });
  if (values["rate-limit"] === undefined) throw new Error("--rate-limit needs a value: the account's requests per minute");
  if (values["both-modes"] && values["no-retry-after"])
    throw new Error("--both-modes runs with Retry-After and then without: leave out --no-retry-after");
  return {
    limit: {
      perMinute: atLeastOne("rate-limit", values["rate-limit"]),
      burst: values.burst === undefined ? undefined : atLeastOne("burst", values.burst),
      retryAfter: !values["no-retry-after"],
      headers: values.headers,
    },
    rules: atMost("rules", atLeastOne("rules", values.rules), MAX_RULES, "distinct /32s per stack in 10.<stack>.0.0/16"),
    stacks: atMost("stacks", atLeastOne("stacks", values.stacks), MAX_STACKS, "one 10.<stack>.0.0/16 each"),
    latencyMs: positive("latency", values.latency),
    parallel: values.parallel === undefined ? undefined : atLeastOne("parallel", values.parallel),
    phases: values.phases === undefined ? undefined : phaseList(values.phases),
    out: values.out,
    bothModes: values["both-modes"] || undefined,
  };
}

/** `--name a,b`: names from `known`, at least one. */
function listOf<T extends string>(name: string, text: string, known: readonly T[]): T[] {
  const names = text.split(",").map((n) => n.trim());
  const unknown = names.find((n) => !(known as readonly string[]).includes(n));
  if (unknown !== undefined) throw new Error(`--${name}: "${unknown}" is not one of ${known.join(", ")}`);
  return names as T[];
}

/** `--phases refresh,update`: names from PHASES, at least one. */
function phaseList(text: string): Phase[] {
  const names = text.split(",").map((n) => n.trim());
  const unknown = names.find((n) => !(PHASES as readonly string[]).includes(n));
  if (unknown !== undefined || !names.length) throw new Error(`--phases: "${unknown ?? text}" is not one of ${PHASES.join(", ")}`);
  return names as Phase[];
}

async function rateLimitMain(argv: string[]): Promise<void> {
  const { out: outArg, bothModes, ...options } = parseRateLimitArgs(argv);
  // --both-modes: with Retry-After, then without, one JSON each (`-retry-after`, `-no-retry-after`).
  const modes = bothModes ? [true, false] : [options.limit.retryAfter];
  const results: RateLimitResult[] = [];
  for (const retryAfter of modes) {
    const result = await runRateLimitBench({ ...options, limit: { ...options.limit, retryAfter }, log: (line) => console.error(line) });
    const suffix = bothModes ? (retryAfter ? "-retry-after" : "-no-retry-after") : "";
    const out = outArg
      ? outArg.replace(/(\.json)?$/, `${suffix}$1`)
      : path.join(REPO_ROOT, "bench", "results", `bench-rate-limit-${result.date.slice(0, 16).replace(/[:T]/g, "-")}${suffix}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(result, null, 2) + "\n");
    console.log(rateLimitTable(result));
    console.log(`\nwrote ${path.relative(process.cwd(), out)}\n`);
    results.push(result);
  }
  if (results.length > 1) console.log(modesSummary(results));
  // Failed commands are recorded in the JSON; the exit status says so too.
  if (results.some((r) => r.failedCommands > 0)) process.exitCode = 1;
}

const mb = (kb: number | null) => (kb === null ? null : kb / 1024);

/** The tables printed after a run (also pasted into docs/benchmark.md). */
export function table(result: BenchResult): string {
  const lines = [
    `latency ${result.latencyMs} ms, --parallel ${result.parallel}${result.skipCheckpoints ? ", PULUMI_SKIP_CHECKPOINTS" : ""}${result.repeat > 1 ? `, median of ${result.repeat} runs per figure` : ""}, ${result.machine.cpus} CPUs (load ${result.machine.load.join(" → ")}), Node ${result.machine.node}, Pulumi ${result.machine.pulumi}, /proc polled every ${result.pollMs} ms`,
    "",
    "| N | phase | wall ms | requests | minimum | ideal ms | ratio | net ms | net ratio | eff. parallelism | provider peak MB | emulator CPU ms |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const run of sizeRuns(result)) {
    for (const p of run.phases) {
      const mb = p.providerPeakKb === null ? "–" : (p.providerPeakKb / 1024).toFixed(0);
      const cells = [
        run.n,
        p.phase,
        p.ms,
        p.requests,
        p.minimum,
        p.idealMs,
        p.ratio ?? "–",
        p.netMs,
        p.netRatio ?? "–",
        p.effectiveParallelism ?? "–",
        mb,
        p.emulatorCpuMs,
      ];
      lines.push(`| ${cells.join(" | ")} |`);
    }
  }
  const classes = PROCESS_CLASSES.filter((c) => c !== "other");
  lines.push(
    "",
    "mix / floor (ratio): wall time and CPU ms",
    "",
    `| N | phase | wall ms | tree CPU ms | ${classes.map((c) => `${LABEL[c]} CPU ms`).join(" | ")} | unattributed CPU ms | load |`,
    `|---|---|---|---|${classes.map(() => "---|").join("")}---|---|`,
  );
  const both = sizeRuns(result);
  const rows = (f: (run: (typeof both)[number], mix: PhaseResult, floor: PhaseResult) => string[]) => {
    for (const run of both)
      run.phases.forEach((p, i) => lines.push(`| ${[run.n, p.phase, ...f(run, p, run.floor.phases[i])].join(" | ")} |`));
  };
  rows((_, m, f) => [
    vs(m.ms, f.ms),
    vs(m.processes.treeCpuMs, f.processes.treeCpuMs),
    ...classes.map((c) => vs(m.processes.byClass[c].cpuMs, f.processes.byClass[c].cpuMs)),
    vs(m.processes.unattributedCpuMs, f.processes.unattributedCpuMs),
    `${m.load}, ${f.load}`,
  ]);
  lines.push(
    "",
    "mix / floor (ratio): peak memory (VmHWM) MB, and MB the engine wrote",
    "",
    `| N | phase | ${classes.map((c) => `${LABEL[c]} MB`).join(" | ")} | engine wrote MB |`,
    `|---|---|${classes.map(() => "---|").join("")}---|`,
  );
  rows((_, m, f) => [
    ...classes.map((c) => vs(mb(m.processes.byClass[c].peakKb), mb(f.processes.byClass[c].peakKb))),
    vs(m.processes.byClass.engine.writtenBytes / 1e6, f.processes.byClass.engine.writtenBytes / 1e6, 1),
  ]);
  lines.push(
    "",
    "| N | depth | touched | __provider bytes/resource mix (mean, max) / floor (mean) | state bytes/resource (`stack export`) mix / floor | stored bytes/resource (checkpoint file) mix / floor | property names differing from the mix |",
    "|---|---|---|---|---|---|---|",
  );
  for (const run of result.runs) {
    const provider = `${run.providerBytes.mean}, ${run.providerBytes.max} / ${run.floor.providerBytes.mean}`;
    lines.push(
      `| ${run.n} | ${run.depth} | ${run.touched} | ${provider} | ${vs(run.stateBytesPerResource, run.floor.stateBytesPerResource)} | ${vs(run.storedBytesPerResource, run.floor.storedBytesPerResource)} | ${run.floor.shapeMismatches.join("; ") || "none"} |`,
    );
  }
  lines.push(...growthAndLoad(result));
  return lines.join("\n");
}

/** The growth table (two sizes or more), the package's load and the emulator's throughput. */
function growthAndLoad(result: BenchResult): string[] {
  const classes = PROCESS_CLASSES.filter((c) => c !== "other");
  const lines: string[] = [];
  const g = result.growth;
  if (g) {
    lines.push(
      "",
      `growth ${g.from} → ${g.to} per resource, net of N = 0 (1 = linear): __provider ${g.providerBytesPerResource}×, state ${g.stateBytesPerResource}×; provider peak memory ${g.providerPeakKb ?? "–"}× (absolute)`,
      "",
      `| phase | net wall | requests | ${classes.map((c) => `${LABEL[c]} CPU`).join(" | ")} | floor net wall | floor engine CPU |`,
      `|---|---|---|${classes.map(() => "---|").join("")}---|---|`,
    );
    for (const [p, x] of Object.entries(g.perPhase)) {
      lines.push(
        `| ${p} | ${x.netMs} | ${x.requests} | ${classes.map((c) => x.cpuMs[c]).join(" | ")} | ${x.floorNetMs} | ${x.floorEngineCpuMs} |`,
      );
    }
  }
  const l = result.load;
  lines.push(
    "",
    `package load (median of ${l.runs} fresh processes): @pulumi/pulumi ${l.pulumiMs} ms, then @edge-ingress/pulumi ${l.packageMs} ms`,
  );
  if (result.startup) lines.push("", startupLine(result.startup));
  const t = result.throughput;
  lines.push("", `emulator throughput (${t.clients} clients, no latency): ${t.readsPerSecond} reads/s, ${t.writesPerSecond} writes/s`);
  return lines;
}

/** `--startup [--runs K] [--split-runs K]`: the plugin's start-up alone, and a 20-resource `up`'s split (bench/split.ts), printed; no JSON. */
async function startupMain(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { startup: { type: "boolean" }, runs: { type: "string", default: "9" }, "split-runs": { type: "string", default: "3" } },
  });
  console.log(startupLine(await pluginStartup(REPO_ROOT, atLeastOne("runs", values.runs))));
  const splitRuns = positive("split-runs", values["split-runs"]);
  if (splitRuns > 0) console.log(`\n${splitTable(await upSplit(splitRuns, 0, (line) => console.error(line)))}`);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (isRateLimitMode(argv)) return rateLimitMain(argv);
  if (named(argv).includes("startup")) return startupMain(argv);
  if (named(argv).includes("large")) return largeMain(argv);
  const rateLimitOnly = named(argv).find((n) => RATE_LIMIT_ONLY.includes(n));
  if (rateLimitOnly) throw new Error(`--${rateLimitOnly} applies only with --rate-limit <requests per minute>`);
  const { values } = parseArgs({
    options: {
      n: { type: "string", default: "0,200,1000" },
      latency: { type: "string", default: "25" },
      parallel: { type: "string" },
      clients: { type: "string", default: "50" },
      seconds: { type: "string", default: "5" },
      out: { type: "string" },
      "skip-checkpoints": { type: "boolean", default: false },
      repeat: { type: "string", default: "1" },
      profile: { type: "string" },
      allowlist: { type: "string", default: "1000" },
      "allowlist-forms": { type: "string" },
      "allowlist-providers": { type: "string" },
      "no-native": { type: "boolean", default: false },
    },
  });
  const sizes = values.n.split(",").map((s) => positive("n", s.trim()));
  const result = await runBench({
    sizes,
    latencyMs: positive("latency", values.latency),
    parallel: values.parallel === undefined ? undefined : positive("parallel", values.parallel),
    clients: positive("clients", values.clients),
    seconds: positive("seconds", values.seconds),
    skipCheckpoints: values["skip-checkpoints"],
    repeat: atLeastOne("repeat", values.repeat),
    profileDir: values.profile === undefined ? undefined : path.resolve(values.profile),
    native: !values["no-native"],
    allowlistForms:
      values["allowlist-forms"] === undefined ? undefined : listOf("allowlist-forms", values["allowlist-forms"], ALLOWLIST_FORMS),
    allowlistProviders:
      values["allowlist-providers"] === undefined
        ? undefined
        : listOf("allowlist-providers", values["allowlist-providers"], PROVIDER_NAMES),
    allowlist: atMost("allowlist", positive("allowlist", values.allowlist), MAX_RULES, "as --rules of --rate-limit"),
    log: (line) => console.error(line),
  });
  // The areas' sums go in the JSON with the other figures; the profiles themselves stay in DIR.
  if (values.profile !== undefined) result.profile = summarize(path.resolve(values.profile));
  const out = values.out ?? path.join(REPO_ROOT, "bench", "results", `bench-${result.date.slice(0, 16).replace(/[:T]/g, "-")}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(result, null, 2) + "\n");
  console.log(table(result));
  console.log(nativeTable(result));
  if (values.profile !== undefined) console.log(profileTable(path.resolve(values.profile)));
  console.log(`\nwrote ${path.relative(process.cwd(), out)}`);
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
