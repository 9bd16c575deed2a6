/**
 * `npm run bench -- --large <n>`: a large stack on the native path (Pulumi YAML through the plugin), N
 * allowlist rules three ways: inline in the policy (`IpPolicy.rules`), one `IpPolicyRule` resource each,
 * and the same with `PULUMI_SKIP_CHECKPOINTS=true` (the engine then writes state once at the end instead
 * of rewriting the whole file after every step). Each through create, no-change preview, preview
 * --refresh, an update of every rule and destroy, with the requests each made.
 */
import * as os from "node:os";
import { BenchEmulator } from "./emulator";
import { load1 } from "./measure";
import type { Res } from "./mix";
import { allowlistStack, through } from "./native";
import { runPhases } from "./phases";
import type { AllowlistForm, Measured } from "./results";
import { pulumiVersion } from "./run";

export const LARGE_STACKS = ["inline", "per-rule", "per-rule-skip-checkpoints"] as const;
export type LargeStack = (typeof LARGE_STACKS)[number];

/** The vendor's Terraform provider at 1000 rules (issue 40: OpenTofu 1.10, one resource per rule), measured elsewhere. */
export const TERRAFORM_1000: Record<Measured["phase"], string> = {
  create: "10.2 s",
  preview: "4.3 s",
  refresh: "5.6 s, 1002 requests",
  update: "15.0 s",
  destroy: "11.6 s",
};

export interface LargeRun {
  stack: LargeStack;
  /** Resources of the provider in state after create (the policy, the restriction and the rule resources). */
  resources: number;
  phases: Measured[];
}

export interface LargeResult {
  date: string;
  rules: number;
  latencyMs: number;
  machine: { cpus: number; node: string; pulumi: string; load: [number, number] };
  runs: LargeRun[];
}

export interface LargeOptions {
  rules: number;
  latencyMs: number;
  parallel?: number;
  /** Which of the three (default all), in LARGE_STACKS's order. */
  stacks?: readonly LargeStack[];
  log?: (line: string) => void;
}

/** The allowlist of `rules` /32s in `form`; the update changes every rule's description. */
export function largeStack(rules: number, form: AllowlistForm, update: boolean): Res[] {
  const spec = allowlistStack(rules, form);
  if (!update) return spec;
  const changed = (rule: Record<string, unknown>) => ({ ...rule, description: `${String(rule.description)} v2` });
  return spec.map((r) => {
    if (r.kind === "IpPolicyRule") return { ...r, args: changed(r.args) };
    if (r.kind === "IpPolicy" && Array.isArray(r.args.rules)) return { ...r, args: { ...r.args, rules: r.args.rules.map(changed) } };
    return r;
  });
}

/** The three stacks one after the other, each on an emptied emulator. */
export async function runLarge(options: LargeOptions): Promise<LargeResult> {
  const log = options.log ?? (() => undefined);
  const loadAtStart = load1();
  const emulator = await BenchEmulator.start(options.latencyMs);
  const runs: LargeRun[] = [];
  try {
    for (const stack of LARGE_STACKS.filter((s) => options.stacks?.includes(s) ?? true)) {
      await emulator.resetState();
      const form: AllowlistForm = stack === "inline" ? "inline" : "per-rule";
      const spec = through("native", `large-${stack}-${options.rules}`, (update) => largeStack(options.rules, form, update));
      const settings = {
        sizes: [],
        clients: 0,
        seconds: 0,
        latencyMs: options.latencyMs,
        parallel: options.parallel,
        skipCheckpoints: stack === "per-rule-skip-checkpoints",
      };
      const run = await runPhases(emulator, spec, settings, log);
      runs.push({ stack, resources: run.resources.length, phases: run.measured });
    }
  } finally {
    await emulator.close();
  }
  return {
    date: new Date().toISOString(),
    rules: options.rules,
    latencyMs: options.latencyMs,
    machine: { cpus: os.availableParallelism(), node: process.version, pulumi: pulumiVersion(), load: [loadAtStart, load1()] },
    runs,
  };
}

const PHASE_LABEL: Record<Measured["phase"], string> = {
  create: "create",
  preview: "no-change preview",
  refresh: "preview --refresh",
  update: "update every rule",
  destroy: "destroy",
};

const COLUMN: Record<LargeStack, string> = {
  inline: "ours, inline `rules`",
  "per-rule": "ours, one `IpPolicyRule` each",
  "per-rule-skip-checkpoints": "same, `PULUMI_SKIP_CHECKPOINTS=true`",
};

/** The side-by-side table (issue 40's form): wall seconds and requests per phase; Terraform's column at 1000 rules. */
export function largeTable(result: LargeResult): string {
  const terraform = result.rules === 1000;
  const head = [
    `${result.rules} rules`,
    ...(terraform ? ["Terraform (measured elsewhere)"] : []),
    ...result.runs.map((r) => COLUMN[r.stack]),
  ];
  const lines = [
    `native path (Pulumi YAML), latency ${result.latencyMs} ms, ${result.machine.cpus} CPUs (load ${result.machine.load.join(" → ")}), Node ${result.machine.node}, Pulumi ${result.machine.pulumi}`,
    "",
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---|").join("")}`,
  ];
  for (const phase of Object.keys(PHASE_LABEL) as Array<Measured["phase"]>) {
    const cells = result.runs.map((r) => {
      const p = r.phases.find((x) => x.phase === phase)!;
      return `${(p.ms / 1000).toFixed(1)} s, ${p.requests} requests`;
    });
    lines.push(`| ${[PHASE_LABEL[phase], ...(terraform ? [TERRAFORM_1000[phase]] : []), ...cells].join(" | ")} |`);
  }
  return lines.join("\n");
}
