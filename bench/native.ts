/**
 * The native provider beside the dynamic one: the mix's figures through both (bench/run.ts runs them),
 * and the allowlist of N rules through both in both forms, the rules inline in the policy
 * (`IpPolicy.rules`) or one `IpPolicyRule` resource each. Same engine, same emulator, one run.
 */
import type { StateExport } from "../harness/engine";
import type { BenchEmulator } from "./emulator";
import { LABEL, PROCESS_CLASSES } from "./measure";
import type { Res } from "./mix";
import { DYNAMIC, medianPhases, nativeDriver, runPhases, type Driver, type StackSpec } from "./phases";
import type { AllowlistForm, AllowlistResult, AllowlistRun, BenchOptions, BenchResult, Provider, ProviderRun } from "./results";
import { sizeRuns } from "./results";

export type { AllowlistForm, AllowlistResult, AllowlistRun, Provider, ProviderRun } from "./results";
export const ALLOWLIST_FORMS: readonly AllowlistForm[] = ["inline", "per-rule"];
export const PROVIDER_NAMES: readonly Provider[] = ["dynamic", "native"];

const PROVIDERS: Record<Provider, Driver> = { dynamic: DYNAMIC, native: nativeDriver };

/**
 * A policy allowing `rules` /32s, and an IP restriction on it; `update` changes the description of one
 * rule in ten. `inline`: the rules in the policy's `rules`; `per-rule`: an IpPolicyRule resource each.
 */
export function allowlistStack(rules: number, form: AllowlistForm, update = false): Res[] {
  const rule = (i: number) => ({
    cidr: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}/32`,
    action: "allow",
    description: `rule ${i}${update && i % 10 === 0 ? " v2" : ""}`,
  });
  const all = Array.from({ length: rules }, (_, i) => rule(i));
  const policy: Res = {
    kind: "IpPolicy",
    name: "policy",
    args: { description: "allowlist", ...(form === "inline" ? { rules: all } : {}) },
  };
  const children: Res[] =
    form === "per-rule" ? all.map((r, i) => ({ kind: "IpPolicyRule", name: `rule-${i}`, args: { ipPolicyId: "@policy", ...r } })) : [];
  const restriction: Res = { kind: "IpRestriction", name: "restriction", args: { type: "endpoints", ipPolicyIds: ["@policy"] } };
  return [policy, ...children, restriction];
}

/** Runs of one stack, `repeat` times, the figures' medians. */
export function providerRun(provider: Provider, runs: Array<Awaited<ReturnType<typeof runPhases>>>): ProviderRun {
  const bytes = (s: StateExport) => Buffer.byteLength(s.raw);
  return {
    provider,
    resources: runs[0].resources.length,
    phases: medianPhases(runs.map((r) => r.measured)),
    stateBytes: bytes(runs[0].state),
    storedBytes: Buffer.byteLength(runs[0].stored),
  };
}

/** The spec of a stack through a provider. */
export function through(provider: Provider, stackName: string, spec: StackSpec["spec"]): StackSpec {
  return { driver: PROVIDERS[provider], stackName: provider === "native" ? `native-${stackName}` : stackName, spec };
}

/** The allowlist in both forms through both providers, dynamic and native alternately (--repeat times each). */
export async function runAllowlist(
  emulator: BenchEmulator,
  rules: number,
  options: BenchOptions,
  log: (line: string) => void,
): Promise<AllowlistResult> {
  const runs: AllowlistRun[] = [];
  const providers = PROVIDER_NAMES.filter((p) => options.allowlistProviders?.includes(p) ?? true);
  for (const form of ALLOWLIST_FORMS.filter((f) => options.allowlistForms?.includes(f) ?? true)) {
    await emulator.resetState();
    const done: Record<Provider, Array<Awaited<ReturnType<typeof runPhases>>>> = { dynamic: [], native: [] };
    for (let i = 0; i < (options.repeat ?? 1); i++) {
      for (const provider of providers) {
        const spec = through(provider, `allowlist-${form}-${rules}`, (update) => allowlistStack(rules, form, update));
        done[provider].push(await runPhases(emulator, spec, options, log));
      }
    }
    for (const provider of providers) runs.push({ form, ...providerRun(provider, done[provider]) });
  }
  return { rules, touched: Math.ceil(rules / 10), runs };
}

/** `a / b (ratio×)`. */
export function vs(a: number | null, b: number | null, digits = 0): string {
  if (a === null && b === null) return "–";
  const f = (x: number | null) => (x === null ? "–" : x.toFixed(digits));
  // No ratio to a figure that rounds to 0.
  return `${f(a)} / ${f(b)}${a !== null && b && Number(f(b)) !== 0 ? ` (${(a / b).toFixed(2)}×)` : ""}`;
}

const CLASSES = PROCESS_CLASSES.filter((c) => c !== "other");
const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);
const mb = (kb: number | null) => (kb === null ? null : kb / 1024);

/** Rows of `a / b (ratio×)` per phase: wall s, requests, tree CPU s, CPU s and peak MB per kind of process. */
function pairRows(label: string, a: ProviderRun, b: ProviderRun): string[] {
  return a.phases.map((p, i) => {
    const q = b.phases[i];
    const cells = [
      label,
      p.phase,
      vs(seconds(p.ms), seconds(q.ms), 1),
      vs(p.requests, q.requests),
      vs(seconds(p.processes.treeCpuMs), seconds(q.processes.treeCpuMs), 1),
      ...CLASSES.map((c) => vs(seconds(p.processes.byClass[c].cpuMs), seconds(q.processes.byClass[c].cpuMs), 1)),
      ...CLASSES.map((c) => vs(mb(p.processes.byClass[c].peakKb), mb(q.processes.byClass[c].peakKb))),
    ];
    return `| ${cells.join(" | ")} |`;
  });
}

function pairHeader(title: string): string[] {
  const cpu = CLASSES.map((c) => `${LABEL[c]} CPU s`);
  const peak = CLASSES.map((c) => `${LABEL[c]} MB`);
  const columns = ["stack", "phase", "wall s", "requests", "tree CPU s", ...cpu, ...peak];
  return ["", title, "", `| ${columns.join(" | ")} |`, `|${columns.map(() => "---|").join("")}`];
}

/** The tables of the native rows: dynamic against native, and per-rule against inline for each provider. */
export function nativeTable(result: BenchResult): string {
  const lines: string[] = [];
  const mixes = sizeRuns(result).filter((r) => r.native);
  const allow = result.allowlist;
  if (!mixes.length && !allow) return "";
  lines.push(...pairHeader("dynamic / native (ratio): the mix and the allowlist (peak memory: one process's VmHWM)"));
  for (const run of mixes) {
    const dynamic = {
      provider: "dynamic" as const,
      resources: run.n,
      phases: run.phases,
      stateBytes: run.stateBytes,
      storedBytes: run.storedBytes,
    };
    lines.push(...pairRows(`mix ${run.n}`, dynamic, run.native!));
  }
  const find = (form: AllowlistForm, provider: Provider) => allow?.runs.find((r) => r.form === form && r.provider === provider);
  for (const form of ALLOWLIST_FORMS) {
    const [d, n] = [find(form, "dynamic"), find(form, "native")];
    if (d && n) lines.push(...pairRows(`allowlist ${allow!.rules} ${form}`, d, n));
  }
  if (allow) {
    lines.push(...pairHeader(`per-rule / inline (ratio): the allowlist of ${allow.rules} rules (${allow.touched} touched by the update)`));
    for (const provider of ["dynamic", "native"] as const) {
      const [perRule, inline] = [find("per-rule", provider), find("inline", provider)];
      if (perRule && inline) lines.push(...pairRows(provider, perRule, inline));
    }
    lines.push("", "| stack | resources in state | state bytes (`stack export`) | stored bytes (checkpoint file) |", "|---|---|---|---|");
    for (const r of allow.runs) lines.push(`| allowlist ${r.form} ${r.provider} | ${r.resources} | ${r.stateBytes} | ${r.storedBytes} |`);
  }
  return lines.join("\n");
}
