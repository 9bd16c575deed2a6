/**
 * `npm run bench [-- --n 0,200,1000 --latency 25 --parallel P --repeat K --clients 50 --seconds 5 --out FILE --skip-checkpoints --profile DIR]`:
 * runs the benchmark (bench/run.ts), prints tables and writes the JSON (default
 * bench/results/bench-<date>.json). N = 0 (the baseline) runs whether listed or not. Needs the
 * bootstrap (scripts/bootstrap.sh) once.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "../test/support/engine";
import { PROCESS_CLASSES, type ProcessClass } from "./measure";
import { profileTable, summarize } from "./profile";
import { runBench, type BenchResult, type PhaseResult } from "./run";

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

const LABEL: Record<ProcessClass, string> = { program: "program", provider: "provider", engine: "engine", languageHost: "language host", other: "other" };

/** `mix / floor (ratio×)`. */
function vs(mix: number | null, floor: number | null, digits = 0): string {
  if (mix === null && floor === null) return "–";
  const f = (x: number | null) => (x === null ? "–" : x.toFixed(digits));
  // No ratio to a floor that rounds to 0.
  return `${f(mix)} / ${f(floor)}${mix !== null && floor && Number(f(floor)) !== 0 ? ` (${(mix / floor).toFixed(2)}×)` : ""}`;
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
  for (const run of [result.baseline, ...result.runs]) {
    for (const p of run.phases) {
      const mb = p.providerPeakKb === null ? "–" : (p.providerPeakKb / 1024).toFixed(0);
      const cells = [run.n, p.phase, p.ms, p.requests, p.minimum, p.idealMs, p.ratio ?? "–", p.netMs, p.netRatio ?? "–", p.effectiveParallelism ?? "–", mb, p.emulatorCpuMs];
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
  const both = [result.baseline, ...result.runs];
  const rows = (f: (run: (typeof both)[number], mix: PhaseResult, floor: PhaseResult) => string[]) => {
    for (const run of both) run.phases.forEach((p, i) => lines.push(`| ${[run.n, p.phase, ...f(run, p, run.floor.phases[i])].join(" | ")} |`));
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
    lines.push(`| ${run.n} | ${run.depth} | ${run.touched} | ${provider} | ${vs(run.stateBytesPerResource, run.floor.stateBytesPerResource)} | ${vs(run.storedBytesPerResource, run.floor.storedBytesPerResource)} | ${run.floor.shapeMismatches.join("; ") || "none"} |`);
  }
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
      lines.push(`| ${p} | ${x.netMs} | ${x.requests} | ${classes.map((c) => x.cpuMs[c]).join(" | ")} | ${x.floorNetMs} | ${x.floorEngineCpuMs} |`);
    }
  }
  const l = result.load;
  lines.push("", `package load (median of ${l.runs} fresh processes): @pulumi/pulumi ${l.pulumiMs} ms, then @edge-ingress/pulumi ${l.packageMs} ms`);
  const t = result.throughput;
  lines.push("", `emulator throughput (${t.clients} clients, no latency): ${t.readsPerSecond} reads/s, ${t.writesPerSecond} writes/s`);
  return lines.join("\n");
}

async function main(): Promise<void> {
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
    log: (line) => console.error(line),
  });
  // The areas' sums go in the JSON with the other figures; the profiles themselves stay in DIR.
  if (values.profile !== undefined) result.profile = summarize(path.resolve(values.profile));
  const out = values.out ?? path.join(REPO_ROOT, "bench", "results", `bench-${result.date.slice(0, 16).replace(/[:T]/g, "-")}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(result, null, 2) + "\n");
  console.log(table(result));
  if (values.profile !== undefined) console.log(profileTable(path.resolve(values.profile)));
  console.log(`\nwrote ${path.relative(process.cwd(), out)}`);
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
