/**
 * The order of the requests of one update of a resource with modules (§2.3, §4.1.6–7, §7.3).
 *
 * Each step (a module PUT or DELETE, the PATCH of plain fields) brings some inputs to their new values,
 * and the service checks its rules between modules on the resource as each step leaves it. So the steps
 * are taken in an order in which the resource after every step passes the kind's create schema (the
 * rules the provider checks at preview, reused, never copied), as close to the fail-closed preference
 * order as those rules allow.
 */
import type { z } from "zod";
import type { KindDeclaration } from "./kind";
import { inputKeys } from "./kind";

type Props = Record<string, any>;

/** One request of an update: `keys` are the inputs it brings to their new values. */
export interface Step {
  readonly what: string;
  readonly keys: readonly string[];
}

/** The keys of the steps taken so far. */
export type Applied = ReadonlySet<string>;

/** Nulls (unset modules, unset optional fields) as absent, the way the create schema takes them. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== "object") return value;
  const out: Props = {};
  for (const [k, v] of Object.entries(value)) if (v !== null && v !== undefined) out[k] = withoutNulls(v);
  return out;
}

/**
 * A stored value in its input shape, as far as the input's schema judges it: fields the service adds
 * to what it reads back (e.g. `terminateAt` of an HTTPS edge's TLS termination) are not inputs.
 */
function asInput(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema || value === undefined) return value;
  const current = structuredClone(value);
  for (let round = 0; round < 8; round++) {
    const issues = schema.safeParse(current).error?.issues.filter((issue) => issue.code === "unrecognized_keys") ?? [];
    if (!issues.length) break;
    for (const issue of issues) {
      const at = issue.path.reduce<any>((obj, key) => obj?.[key as any], current);
      if (at && typeof at === "object") for (const key of issue.keys) delete at[key];
    }
  }
  return current;
}

/**
 * Whether the resource after some steps satisfies the kind's rules: each input a step changes is at its
 * new value (`news`) once that step ran and at its stored value (`olds`) before; the others are as declared.
 */
export function rulesHold(decl: KindDeclaration, olds: Props, news: Props, changing: Applied): (applied: Applied) => boolean {
  const shape: Record<string, z.ZodType> = decl.createSchema.shape;
  const before: Props = {};
  for (const key of changing) before[key] = asInput(shape[key], withoutNulls(olds[key]));
  return (applied) => {
    const state: Props = {};
    for (const key of inputKeys(decl)) state[key] = changing.has(key) && !applied.has(key) ? before[key] : news[key];
    return decl.createSchema.safeParse(withoutNulls(state)).success;
  };
}

/** Bounds the search: states checked at most (a kind has at most 14 steps, so 2^14 states in all). */
const MAX_CHECKS = 4096;

/**
 * The order of `steps` whose every intermediate state is valid and that takes each step as early as it
 * can, in preference order: the first step as early as any valid order allows, then the second, and so
 * on. A step moves ahead of the preferred order only to let a more preferred one through, so the
 * fail-closed order is kept wherever no rule is in the way. Undefined when there is no valid order.
 */
export function bestValidOrder<S extends Step>(steps: readonly S[], valid: (applied: Applied) => boolean): S[] | undefined {
  const n = steps.length;
  const all = (1 << n) - 1;
  const checked = new Map<number, boolean>();
  const isValid = (mask: number) => {
    if (!checked.has(mask)) {
      const keys = new Set(steps.flatMap((s, i) => (mask & (1 << i) ? s.keys : [])));
      checked.set(mask, checked.size < MAX_CHECKS && valid(keys));
    }
    return checked.get(mask)!;
  };
  if (!isValid(all)) return undefined; // the end state itself breaks a rule: no order helps
  // The preferred order itself, when it breaks no rule (the usual case): nothing to search.
  if (steps.every((_, i) => isValid((1 << (i + 1)) - 1))) return [...steps];

  // Earlier in the ordering above: compares the positions of the steps, most preferred first.
  const earlier = (a: number[], b: number[]) => {
    for (const i of [...a].sort((x, y) => x - y)) {
      const d = a.indexOf(i) - b.indexOf(i);
      if (d !== 0) return d < 0;
    }
    return false;
  };
  // best(S): the best valid order of the steps in S (a state depends only on which steps ran, so the
  // best order to S ending with step i is the best order to S without i, then i).
  const best = new Map<number, number[] | null>([[0, []]]);
  const bestTo = (set: number): number[] | null => {
    if (best.has(set)) return best.get(set)!;
    let winner: number[] | null = null;
    for (let i = 0; i < n; i++) {
      const before = set & ~(1 << i);
      if (before === set || (before !== 0 && !isValid(before))) continue;
      const head = bestTo(before);
      if (head && (!winner || earlier([...head, i], winner))) winner = [...head, i];
    }
    best.set(set, winner);
    return winner;
  };
  return bestTo(all)?.map((i) => steps[i]);
}
