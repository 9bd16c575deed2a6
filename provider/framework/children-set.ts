/**
 * What a child is within its parent's owned set (children.ts): the fields a parent declares of it, the
 * key that tells it apart, whether a declared set differs from the stored one by the child kind's own
 * rules, and the owned outputs a set gives.
 */
import { z } from "zod";
import { inputKeys, type KindDeclaration, type OwnedChildren } from "./kind";
import { NORMALISERS } from "./normalise";

export type Props = Record<string, any>;

/**
 * How children of a kind compare and read, by the lifecycle's own rules for that kind (diff.ts
 * passes them: children.ts cannot import it), so an inline child means what a standalone one would.
 */
export interface ChildRules {
  /** An sdk object as the kind's outputs (modules in their input shape). */
  outputs(decl: KindDeclaration, obj: any): Props;
  /** The inputs whose meaning differs between stored outputs and declared inputs. */
  changed(decl: KindDeclaration, stored: Props, declared: Props): string[];
}

/** What applying children needs of the lifecycle besides comparing them. */
export interface ChildOps extends ChildRules {
  /** Makes one child (safe when an answer is lost): the sdk object. */
  create(decl: KindDeclaration, params: Props): Promise<any>;
  /** Brings a child from `stored` to `declared` as its kind's update does; its outputs after. */
  update(decl: KindDeclaration, id: string, stored: Props, declared: Props): Promise<Props>;
}

/** A child as the service holds it: its id and its declared form. */
export interface Held {
  readonly id: string;
  readonly child: any;
}

/** The fields a parent's input declares of each child: the child kind's inputs less the parent's id. */
export function childFields(owned: OwnedChildren): string[] {
  return inputKeys(owned.decl).filter((k) => k !== owned.decl.parent?.key);
}

/** A declared child as an object of its fields (a scalar one is its key's value). */
export const childObject = (owned: OwnedChildren, item: unknown): Props => (owned.scalar ? { [owned.key]: item } : (item as Props));
/** A child object in the form the parent's input declares it. */
const itemOf = (owned: OwnedChildren, obj: Props): any => (owned.scalar ? obj[owned.key] : obj);

/**
 * The list of children a parent's input declares: each item checked by `item` (issues name
 * `rules[3].cidr`, or `sources[2]` for `scalar` items, the key's value alone), and no two with the same
 * key in its normal form (children are told apart by it; `key` may be several fields, the last named
 * in the issue's path).
 */
export function ownedListSchema(
  inputKey: string,
  item: z.ZodType,
  key: string | readonly string[],
  normalise: (value: string) => string | undefined,
  what: string,
  scalar = false,
): z.ZodType {
  const keys: readonly string[] = typeof key === "string" ? [key] : key;
  const last = keys[keys.length - 1];
  const named = keys.join(" and ");
  return z.array(item, { error: "must be a list" }).superRefine(
    (items, ctx) => {
      const seen = new Map<string, number>();
      items.forEach((child: any, i) => {
        const raw = keys.map((k) => (scalar ? child : child?.[k]));
        const values = raw.map((r) => (typeof r === "string" ? normalise(r) : undefined));
        if (values.some((v) => v === undefined)) return;
        const value = JSON.stringify(values);
        const first = seen.get(value);
        if (first === undefined) return void seen.set(value, i);
        ctx.addIssue({
          code: "custom",
          path: scalar ? [i] : [i, last],
          message: scalar
            ? `is ${inputKey}[${first}] again; declare each ${last} once`
            : `is the ${named} of ${inputKey}[${first}] again; ${what} are told apart by ${named}, declare each once`,
        });
      });
      // Also when other items have problems: every problem is named at once.
    },
    { when: (payload) => Array.isArray(payload.value) },
  );
}

/** The fields that tell children apart, `key` last. */
const keyFields = (owned: OwnedChildren): string[] => [...(owned.keyWith ?? []), owned.key];

/** A child's identity within its parent: its key fields in their normal form (defaults filled, a CIDR canonical). */
export function keyOf(owned: OwnedChildren, item: unknown): string {
  const child = childObject(owned, item);
  const types = owned.decl.fieldTypes ?? {};
  return JSON.stringify(
    keyFields(owned).map((field) => {
      const value = child?.[field] ?? owned.decl.defaults[field] ?? null;
      const type = types[field];
      return type && value != null ? NORMALISERS[type](value) : value;
    }),
  );
}

/** A child's key as messages name it: `cidr 10.0.0.0/8`, `match /api (path_prefix)`. */
export function keyText(owned: OwnedChildren, item: unknown): string {
  const child = childObject(owned, item);
  const more = (owned.keyWith ?? []).map((f) => child?.[f]);
  return `${owned.key} ${child?.[owned.key]}${more.length ? ` (${more.join(", ")})` : ""}`;
}

/** A child with its parent's id: what the child kind's own rules compare and apply. */
export const withParent = (owned: OwnedChildren, parentId: string | undefined, item: unknown): Props => ({
  ...childObject(owned, item),
  ...(owned.decl.parent && parentId !== undefined ? { [owned.decl.parent.key]: parentId } : {}),
});

/** The child fields whose meaning differs between a stored child (`held`) and a declared one. */
export function childChanges(owned: OwnedChildren, rules: ChildRules, held: unknown, declared: unknown): string[] {
  const fields = new Set(childFields(owned));
  return rules.changed(owned.decl, childObject(owned, held), childObject(owned, declared)).filter((f) => fields.has(f));
}

/**
 * Whether the owned input changed between stored outputs (`prev`) and declared inputs (`next`): as a
 * set of children told apart by their key, each compared by its kind's rules (an omitted field the
 * service chose matches it). Leaving the input out releases the children (a change, so state stops
 * claiming them; nothing is deleted); declaring it on a parent that did not claim them is a change too.
 */
export function ownedChanged(owned: OwnedChildren, rules: ChildRules, next: unknown, prev: unknown): boolean {
  if (next == null) return prev != null;
  if (!Array.isArray(next) || !Array.isArray(prev) || next.length !== prev.length) return true;
  const held = new Map<string, unknown>();
  for (const child of prev) {
    const k = keyOf(owned, child);
    if (held.has(k)) return true; // two of one key in the service: one is undeclared
    held.set(k, child);
  }
  return next.some((child) => {
    const k = keyOf(owned, child);
    return !held.has(k) || childChanges(owned, rules, held.get(k), child).length > 0;
  });
}

/** The stored children of `prev` paired with the declared ones of `next` by key (undefined where none is declared). */
export function pairChildren(owned: OwnedChildren, next: unknown, prev: readonly unknown[]): Array<[unknown, unknown]> {
  const declared = new Map((Array.isArray(next) ? next : []).map((c) => [keyOf(owned, c), c]));
  return prev.map((c) => [c, declared.get(keyOf(owned, c))]);
}

/**
 * A child's outputs (its kind's) in the form a parent's input declares it, with only the fields it sets:
 * a review of the set then reads each child as a declaration would, not every module as null.
 */
export const fromOutputs = (owned: OwnedChildren, outs: Props): any =>
  itemOf(owned, Object.fromEntries(childFields(owned).flatMap((f) => (outs[f] == null ? [] : [[f, outs[f]]]))));
/** A child object of the sdk in the form a parent's input declares it. */
export const declaredForm = (owned: OwnedChildren, rules: ChildRules, obj: any): any => fromOutputs(owned, rules.outputs(owned.decl, obj));

/**
 * The owned outputs: the children in declared form and their ids, in the order of `order` (the
 * declared or stored list) where a child's key is in it, the others (made by hand) after, by key.
 */
export function outputsOf(owned: OwnedChildren, inputKey: string, held: readonly Held[], order: unknown): Props {
  const rank = new Map<string, number>();
  if (Array.isArray(order)) order.forEach((c, i) => rank.has(keyOf(owned, c)) || rank.set(keyOf(owned, c), i));
  const place = (h: Held) => rank.get(keyOf(owned, h.child)) ?? Infinity;
  const sorted = [...held].sort((a, b) => place(a) - place(b) || keyOf(owned, a.child).localeCompare(keyOf(owned, b.child)));
  return { [inputKey]: sorted.map((h) => h.child), [owned.idsOutput]: sorted.map((h) => h.id) };
}

/** Owned outputs as toOutputs keeps them: from `previous` (state or inputs), null when not claimed. */
export function keptOutputs(decl: KindDeclaration, previous: Props): Props {
  const out: Props = {};
  for (const [key, owned] of Object.entries(decl.owns ?? {})) {
    out[key] = previous[key] ?? null;
    // Ids without the children they belong to (state from before the input existed) mean nothing.
    out[owned.idsOutput] = Array.isArray(previous[key]) ? (previous[owned.idsOutput] ?? null) : null;
  }
  return out;
}
