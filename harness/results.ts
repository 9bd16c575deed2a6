/** What the CLI's commands print, read: `preview --json`, `up --json`'s engine events, the outputs in an export. */
import { isMarkedSecret, mapMarkedSecrets } from "./audit";
import type { CliResult } from "./command";

/** Step operations as the CLI names them in `preview --json`. */
export type StepOp =
  | "same"
  | "create"
  | "update"
  | "delete"
  | "replace"
  | "create-replacement"
  | "delete-replaced"
  | "read"
  | "read-replacement"
  | "refresh"
  | "discard"
  | "discard-replaced"
  | "remove-pending-replace"
  | "import"
  | "import-replacement";

export interface PreviewStep {
  op: StepOp;
  urn: string;
  [key: string]: unknown;
}

export interface PreviewResult extends CliResult {
  steps: PreviewStep[];
  /** Resource counts per operation, e.g. `{ same: 1, update: 1 }`. */
  changeSummary: Record<string, number>;
  /** The operations planned for each URN, in order (a replacement has several). */
  ops: Record<string, StepOp[]>;
  /** True when every resource stays the same. */
  noChanges: boolean;
}

export interface StateResource {
  urn: string;
  type: string;
  custom?: boolean;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface StateExport extends CliResult {
  raw: string;
  deployment: {
    version: number;
    deployment: { resources?: StateResource[]; [key: string]: unknown };
  };
  /** The deployment's resources (none once destroyed). */
  resources: StateResource[];
}

/**
 * The stack's outputs as `stack output --json --show-secrets` prints them, from an export with
 * `showSecrets` (the root resource's outputs, each secret's plaintext in its place).
 */
export function stackOutputs(state: StateExport): Record<string, unknown> {
  const root = state.resources.find((r) => r.type === "pulumi:pulumi:Stack");
  const reveal = (v: unknown): unknown => mapMarkedSecrets(v, (secret) => reveal(plaintextOf(secret)));
  return reveal(root?.outputs ?? {}) as Record<string, unknown>;
}

/** A value of an export with `showSecrets`: a secret's plaintext in its place, any other value as it is. */
export function plaintextOf(value: unknown): unknown {
  if (!isMarkedSecret(value)) return value;
  if (typeof value.plaintext !== "string") throw new Error("a secret without its plaintext: export with showSecrets");
  return JSON.parse(value.plaintext);
}

/** What an `up --json` did, from its engine events (one JSON object a line): its steps and change summary. */
export function upSteps(result: CliResult): Pick<PreviewResult, "steps" | "changeSummary" | "ops"> {
  const steps: PreviewStep[] = [];
  let changeSummary: Record<string, number> = {};
  for (const line of result.stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    const event = JSON.parse(line) as {
      resourcePreEvent?: { metadata: PreviewStep };
      summaryEvent?: { resourceChanges?: Record<string, number> };
    };
    if (event.resourcePreEvent) steps.push(event.resourcePreEvent.metadata);
    if (event.summaryEvent) changeSummary = event.summaryEvent.resourceChanges ?? {};
  }
  return { steps, changeSummary, ops: opsOf(steps) };
}

/** The operations planned for each URN, in order. */
function opsOf(steps: PreviewStep[]): Record<string, StepOp[]> {
  const ops: Record<string, StepOp[]> = {};
  for (const step of steps) (ops[step.urn] ??= []).push(step.op);
  return ops;
}

export function previewResult(result: CliResult): PreviewResult {
  let parsed: { steps?: PreviewStep[]; changeSummary?: Record<string, number> } = {};
  try {
    parsed = JSON.parse(result.stdout);
  } catch {
    // A preview that fails early prints no JSON; the caller sees code and stderr.
  }
  const steps = parsed.steps ?? [];
  const changeSummary = parsed.changeSummary ?? {};
  const ops = opsOf(steps);
  const noChanges = result.code === 0 && Object.entries(changeSummary).every(([op, count]) => op === "same" || count === 0);
  return { ...result, steps, changeSummary, ops, noChanges };
}
