/**
 * What `pulumi preview --json` says will change, read for a review: each step that changes an
 * edgeingress resource, its fields by the kind's meaning (./review-diff.ts), and whether a change is
 * drift or the program's. Pure: the command (./review.ts) reads the input and prints.
 *
 * Drift and change are told apart by the refresh steps that `--refresh` adds: one per resource, its
 * `oldState` what the stack recorded, while the plan's step for the resource starts (its `oldState`)
 * from what the account holds now. A field of a changing step is drift when the account's value
 * differs from the recorded one: `up` would set back what someone changed by hand. A resource the plan
 * makes anew although a refresh step recorded it was deleted in the account. Any other field is a change the
 * program makes. Without refresh steps nothing can be drift: the preview compared the program with
 * the state alone.
 */
import { declarationOf } from "../provider/kinds";
import type { KindDeclaration } from "../provider/framework/kind";
import { isPlainObject, userInputs, type Props } from "../provider/framework/inputs";
import { sameValue } from "../provider/framework/values";
import { SECRET, childLabel, diffInputs, masked, secretKeysOf, show, type FieldChange } from "./review-diff";

/** The type tokens of our kinds: the native plugin's and the dynamic classes'. */
const TOKEN = /^(?:edgeingress:index:|pulumi-nodejs:dynamic\/edgeingress:)([A-Za-z]+)$/;

/** What a step does to a resource, as printed: the engine's ops folded to five. */
export type Action = "create" | "update" | "replace" | "delete" | "import";

/** One resource a preview changes. */
export interface Entry {
  /** `IpPolicy office`: the kind (or the type token of another package's resource) and the resource's name. */
  readonly resource: string;
  readonly action: Action;
  /** The fields that differ from what the stack recorded because the account changed. */
  readonly drift: FieldChange[];
  /** The fields the program changes. */
  readonly changes: FieldChange[];
  /** Per owned list, children that did not change (hidden, counted). */
  readonly unchanged: Array<{ readonly path: string; readonly count: number }>;
  /** What a one-line entry says: a create's inputs, a resource deleted by hand. */
  readonly note?: string;
  /** The whole entry is drift (the resource was deleted in the account). */
  readonly gone?: boolean;
}

export interface Review {
  readonly entries: Entry[];
  /** The preview ran a refresh: drift could be seen. */
  readonly refreshed: boolean;
  /** The preview's error diagnostics: it failed. */
  readonly errors: string[];
}

/** The input is not a preview's JSON, or the preview failed before it planned anything. */
export class ReviewInputError extends Error {}

interface State {
  type?: string;
  urn?: string;
  inputs?: Props;
  outputs?: Props;
}
interface Step {
  op: string;
  urn: string;
  oldState?: State;
  newState?: State;
  detailedDiff?: Record<string, unknown>;
  diffReasons?: string[];
  replaceReasons?: string[];
}

const ACTIONS: Readonly<Record<string, Action>> = {
  create: "create",
  update: "update",
  replace: "replace",
  "create-replacement": "replace",
  delete: "delete",
  import: "import",
  "import-replacement": "replace",
};

/** The kind of a type token, when it is ours and this version declares it. */
function kindOf(type: string): { name: string; decl?: KindDeclaration } {
  const m = TOKEN.exec(type);
  if (!m) return { name: type };
  try {
    return { name: m[1], decl: declarationOf(m[1]) };
  } catch {
    return { name: m[1] };
  }
}

const nameOf = (urn: string): string => urn.slice(urn.lastIndexOf("::") + 2);
const typeOf = (step: Step): string => step.newState?.type ?? step.oldState?.type ?? step.urn.split("::")[2]?.split("$").pop() ?? "";

/** What a state holds of the inputs: its outputs as the provider compares them (inputs where it has none). */
function valuesOf(state: State | undefined, decl: KindDeclaration | undefined): Props {
  const outputs = userInputs(state?.outputs ?? {});
  const inputs = userInputs(state?.inputs ?? {});
  if (!decl || !Object.keys(outputs).length) return inputs;
  const keys = new Set([...Object.keys(decl.createSchema.shape), ...Object.keys(inputs)]);
  return Object.fromEntries([...keys].filter((k) => k in outputs || k in inputs).map((k) => [k, k in outputs ? outputs[k] : inputs[k]]));
}

/** A value in one line, secrets masked. */
const shown = (value: unknown, decl: KindDeclaration | undefined, width?: number): string => show(masked(value, secretKeysOf(decl)), width);
/** A step's new inputs in one line, secrets masked. */
const newInputs = (step: Step, decl: KindDeclaration | undefined): string => shown(userInputs(step.newState?.inputs ?? {}), decl, 160);

/** The top-level fields a step's detailedDiff names (`rules[3].cidr` → `rules`). */
function namedKeys(step: Step): string[] | undefined {
  const paths = step.detailedDiff ? Object.keys(step.detailedDiff) : step.diffReasons;
  if (!paths?.length) return undefined;
  return [...new Set(paths.map((p) => p.split(/[.[]/)[0]))];
}

/** The steps of the JSON, checked for the shape a preview writes; its errors. */
export function parsePreview(text: string): { steps: Step[]; errors: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ReviewInputError(`not JSON (${(e as Error).message}); give the output of \`pulumi preview --json\``);
  }
  if (!isPlainObject(json)) throw new ReviewInputError("not the output of `pulumi preview --json` (expected an object with `steps`)");
  const diagnostics = Array.isArray(json.diagnostics) ? json.diagnostics : [];
  const errors = diagnostics
    .filter((d: any) => isPlainObject(d) && d.severity === "error")
    .map(
      (d: any) =>
        `${d.urn ? `${nameOf(String(d.urn))}: ` : ""}${String(d.message ?? "")
          .trim()
          .replace(/^error: /, "")}`,
    );
  if (!Array.isArray(json.steps)) {
    if (errors.length) return { steps: [], errors };
    throw new ReviewInputError("no `steps`: not the output of `pulumi preview --json`, or a preview that did not run");
  }
  const steps = json.steps.filter((s: any): s is Step => isPlainObject(s) && typeof s.op === "string" && typeof s.urn === "string");
  return { steps, errors };
}

/** The review of a preview's JSON. */
export function reviewPreview(text: string): Review {
  const { steps, errors } = parsePreview(text);
  const refreshes = new Map(steps.filter((s) => s.op === "refresh").map((s) => [s.urn, s]));
  const replaced = new Set(steps.filter((s) => s.op === "replace").map((s) => s.urn));
  const entries: Entry[] = [];
  for (const step of steps) {
    const action = ACTIONS[step.op];
    if (!action || (step.op === "create-replacement" && replaced.has(step.urn))) continue;
    const type = typeOf(step);
    if (type === "pulumi:pulumi:Stack") continue;
    entries.push(entryOf(step, action, kindOf(type), refreshes.get(step.urn)));
  }
  return { entries, refreshed: refreshes.size > 0, errors };
}

/** One changing step: its fields, split into drift and the program's changes by its refresh step. */
function entryOf(step: Step, action: Action, kind: { name: string; decl?: KindDeclaration }, refresh: Step | undefined): Entry {
  const resource = `${kind.name} ${nameOf(step.urn)}`;
  const { decl } = kind;
  // Refreshed, recorded, and yet made anew: deleted in the account (the refresh step's newState is no
  // guide: the engine writes the recorded state there, pulumi/pulumi#16278).
  const gone = action === "create" && refresh?.oldState !== undefined;
  if (gone) return { resource, action, drift: [], changes: [], unchanged: [], gone, note: "deleted in the account; up makes it again" };
  // A new resource in one line, its inputs as declared (masked, cut): a 1000-rule policy is one line too.
  if (action === "create" || action === "import")
    return { resource, action, drift: [], changes: [], unchanged: [], note: `${action} ${newInputs(step, decl)}` };
  if (action === "delete") return { resource, action, drift: [], changes: [], unchanged: [] };
  const olds = valuesOf(step.oldState, decl);
  const { fields, unchanged } = diffInputs(decl, olds, step.newState?.inputs ?? {}, decl ? undefined : namedKeys(step));
  // A field the provider names in which no value we can see differs: the change is in a secret (a
  // route's webhook secret, stored apart), or one only the provider's rules see; never left out.
  for (const key of namedKeys(step) ?? []) {
    if (fields.some((f) => f.path.split(/[.[]/)[0] === key)) continue;
    const secret = secretKeysOf(decl).has(key) || decl?.owns?.[key]?.secrets;
    fields.push(
      secret
        ? { path: `${key} (a secret in it)`, old: SECRET, new: SECRET }
        : { path: key, old: shown(olds[key], decl), new: shown(step.newState?.inputs?.[key], decl) },
    );
  }
  if (!refresh?.oldState) return { resource, action, drift: [], changes: fields, unchanged };
  // The fields whose value in the account (the step's old state, refreshed) is not what the stack recorded.
  const recorded = valuesOf(refresh.oldState, decl);
  const drifted = (path: string) => {
    const [, key, label] = /^([^.[ ]+)(?:\[([^\]]*)\])?/.exec(path) ?? [];
    const owned = decl?.owns?.[key];
    if (!owned || label === undefined) return !sameValue(recorded[key], olds[key]);
    // A child: drift when the account's child under that key is not the recorded one.
    const find = (list: unknown) => (Array.isArray(list) ? list.find((c) => childLabel(owned, c) === label) : undefined);
    return !sameValue(find(recorded[key]), find(olds[key]));
  };
  return { resource, action, drift: fields.filter((f) => drifted(f.path)), changes: fields.filter((f) => !drifted(f.path)), unchanged };
}
