/**
 * Children a resource owns as a whole set (`KindDeclaration.owns`; docs/provider.md, "Owning a parent's
 * children"): an IP policy's inline `rules`, an event subscription's `sources`, an HTTPS edge's
 * `routes`. Declared in one input of the parent, they are made after the parent, read from the
 * children's list (or the parent's representation) at refresh, so a child made by hand shows as a
 * change of that input, with its fields, and applied one child at a time by update: new ones made,
 * changed ones updated as their own kind updates (modules in fail-closed order) or replaced where a
 * field cannot change, undeclared ones deleted. An input left undefined claims nothing: nothing about
 * the children is read or written, and nothing is ever deleted.
 */
import { z } from "zod";
import type { EdgeIngress } from "../../sdk/client";
import { NotFoundError } from "../../sdk/core/errors";
import { inputKeys, updatableKeys, type KindDeclaration, type OwnedChildren } from "./kind";
import { NORMALISERS } from "./normalise";
import { isCurrent, pageReads, writeState, writingApi } from "./page-reads";

type Props = Record<string, any>;

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
interface Held {
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
function keyText(owned: OwnedChildren, item: unknown): string {
  const child = childObject(owned, item);
  const more = (owned.keyWith ?? []).map((f) => child?.[f]);
  return `${owned.key} ${child?.[owned.key]}${more.length ? ` (${more.join(", ")})` : ""}`;
}

/** A child with its parent's id: what the child kind's own rules compare and apply. */
const withParent = (owned: OwnedChildren, parentId: string | undefined, item: unknown): Props => ({
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

/** A child's outputs (its kind's) in the form a parent's input declares it. */
const fromOutputs = (owned: OwnedChildren, outs: Props): any =>
  itemOf(owned, Object.fromEntries(childFields(owned).map((f) => [f, outs[f] ?? null])));
/** A child object of the sdk in the form a parent's input declares it. */
const declaredForm = (owned: OwnedChildren, rules: ChildRules, obj: any): any => fromOutputs(owned, rules.outputs(owned.decl, obj));

/**
 * The owned outputs: the children in declared form and their ids, in the order of `order` (the
 * declared or stored list) where a child's key is in it, the others (made by hand) after, by key.
 */
function outputsOf(owned: OwnedChildren, inputKey: string, held: readonly Held[], order: unknown): Props {
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

interface ChildListing {
  readonly generation: number;
  readonly startedAt: number;
  /** Parents answered from it: a second read of one (a later refresh in the same process) lists again. */
  readonly answered: Set<string>;
  readonly byParent: Promise<Map<string, any[]>>;
}
const listings = new WeakMap<EdgeIngress, Map<string, ChildListing>>();

async function listAll(owned: OwnedChildren, client: EdgeIngress): Promise<Map<string, any[]>> {
  const byParent = new Map<string, any[]>();
  for await (const child of owned.listAll!(client)) {
    const parent = owned.parentOf!(child);
    byParent.set(parent, [...(byParent.get(parent) ?? []), child]);
  }
  return byParent;
}

/**
 * The children of one parent, from one complete listing of the account's children that every parent
 * read of the refresh shares (a thousand-rule policy costs its pages, several policies the same pages).
 * A listing that overlaps a write of this process, is older than the page cache's lifetime, or already
 * answered this parent is not used; a failed one fails the read (a partial list says nothing of what is gone).
 */
async function childrenOf(owned: OwnedChildren, client: EdgeIngress, parentId: string): Promise<any[]> {
  let byKind = listings.get(client);
  if (!byKind) listings.set(client, (byKind = new Map()));
  const name = owned.decl.name;
  for (let attempt = 1; ; attempt++) {
    const state = writeState();
    let listing = byKind.get(name);
    const stale = !listing || !isCurrent(listing) || listing.answered.has(parentId);
    if (stale || state.writes > 0) {
      listing = { generation: state.generation, startedAt: pageReads.now(), answered: new Set(), byParent: listAll(owned, client) };
      if (state.writes === 0) byKind.set(name, listing);
    }
    listing!.answered.add(parentId);
    let byParent: Map<string, any[]>;
    try {
      byParent = await listing!.byParent;
    } finally {
      if (byKind.get(name) === listing && writeState().generation !== listing!.generation) byKind.delete(name);
    }
    // A write during the listing may be missing from it: list once more.
    if (writeState().generation === listing!.generation || attempt >= 2) return byParent.get(parentId) ?? [];
  }
}

/**
 * The children's stored form: each owned input's children as the service holds them now. Children in
 * the parent's representation are read from `parent` when the caller has it, else with the parent's GET.
 */
async function heldNow(
  decl: KindDeclaration,
  owned: OwnedChildren,
  rules: ChildRules,
  client: EdgeIngress,
  parentId: string,
  parent?: unknown,
): Promise<Held[]> {
  const objs = owned.inParent
    ? owned.inParent(parent ?? (await decl.api(client).get(parentId)))
    : await childrenOf(owned, client, parentId);
  return objs.map((obj) => ({ id: obj.id, child: declaredForm(owned, rules, obj) }));
}

/**
 * Owned outputs as the service has them, for each owned input the stored outputs claim (an array);
 * others untouched. `parent`: the parent as just read, which holds children read with it.
 */
export async function readOwned(
  decl: KindDeclaration,
  rules: ChildRules,
  client: EdgeIngress,
  parentId: string,
  stored: Props,
  parent?: unknown,
): Promise<Props> {
  const out: Props = {};
  for (const [key, owned] of Object.entries(decl.owns ?? {})) {
    if (!Array.isArray(stored[key])) continue;
    Object.assign(out, outputsOf(owned, key, await heldNow(decl, owned, rules, client, parentId, parent), stored[key]));
  }
  return out;
}

/** Owned outputs of the service for every owned input `inputs` declares (adopting claims what is there). */
export async function readClaimed(
  decl: KindDeclaration,
  rules: ChildRules,
  client: EdgeIngress,
  parentId: string,
  inputs: Props,
  parent?: unknown,
): Promise<Props> {
  const out: Props = {};
  for (const [key, owned] of Object.entries(decl.owns ?? {})) {
    if (inputs[key] == null) continue;
    Object.assign(out, outputsOf(owned, key, await heldNow(decl, owned, rules, client, parentId, parent), inputs[key]));
  }
  return out;
}

/** A failure part-way through applying children: `outputs` are the owned outputs as applied so far. */
export class OwnedPartialError extends Error {
  constructor(
    message: string,
    readonly outputs: Props,
  ) {
    super(message);
    this.name = "OwnedPartialError";
  }
}

/** What was stored: children paired with their ids; undefined when state does not hold them (not claimed before). */
function storedHeld(owned: OwnedChildren, key: string, olds: Props): Held[] | undefined {
  const children = olds[key];
  const ids = olds[owned.idsOutput];
  if (!Array.isArray(children) || !Array.isArray(ids) || ids.length !== children.length) return undefined;
  return children.map((child, i) => ({ id: ids[i], child }));
}

type Step = { readonly rank: number; readonly what: string; run(): Promise<void> };

/** A child found gone: the error itself, or what a partial update failed on. */
const isGone = (e: unknown): boolean => e instanceof NotFoundError || (e instanceof Error && e.cause instanceof NotFoundError);

/**
 * Applies each owned input `news` declares, one child at a time, and returns the owned outputs; an
 * input left out only drops the claim from the outputs. `ops` are the lifecycle's own create (safe
 * when an answer is lost) and update (a module change in fail-closed order) for the child kind.
 * Order, so the set never opens wider on the way than before or after (a child that `restricts`, a
 * deny rule or a guarded route, is made first and deleted last): restricting ones made (a replacement
 * into one made before its old one is deleted), others deleted, updates, others made (a replacement
 * out of a restricting one deleted first), restricting ones deleted. A failure throws
 * OwnedPartialError with what was applied, so the next update continues from there.
 */
export async function applyOwned(
  decl: KindDeclaration,
  client: EdgeIngress,
  parentId: string,
  olds: Props,
  news: Props,
  ops: ChildOps,
): Promise<Props> {
  const out: Props = {};
  for (const [key, owned] of Object.entries(decl.owns ?? {})) {
    const declared = news[key];
    if (declared == null) {
      Object.assign(out, { [key]: null, [owned.idsOutput]: null });
      continue;
    }
    const start = storedHeld(owned, key, olds) ?? (await heldNow(decl, owned, ops, client, parentId));
    Object.assign(out, await applyOne(owned, key, client, parentId, start, declared, ops));
  }
  return out;
}

async function applyOne(
  owned: OwnedChildren,
  key: string,
  client: EdgeIngress,
  parentId: string,
  start: Held[],
  declared: unknown[],
  ops: ChildOps,
): Promise<Props> {
  const api = writingApi(owned.decl.api(client));
  const updatable = new Set(updatableKeys(owned.decl));
  const restricts = (child: unknown) => owned.restricts?.(childObject(owned, child)) ?? false;
  let held = [...start];
  const byKey = new Map<string, Held>();
  const extra: Held[] = [];
  for (const h of held) {
    const k = keyOf(owned, h.child);
    if (byKey.has(k)) extra.push(h);
    else byKey.set(k, h);
  }
  const params = (item: unknown): Props => {
    const child = withParent(owned, parentId, item);
    return Object.fromEntries(Object.entries(child).filter(([, v]) => v != null));
  };
  const made = async (child: unknown) => {
    const obj = await ops.create(owned.decl, params(child));
    held = [...held, { id: obj.id, child: declaredForm(owned, ops, obj) }];
  };
  const gone = async (h: Held) => {
    try {
      await api.delete(h.id);
    } catch (e) {
      if (!(e instanceof NotFoundError)) throw e; // already gone is done
    }
    held = held.filter((x) => x.id !== h.id);
  };
  const steps: Step[] = [];
  for (const child of declared) {
    const h = byKey.get(keyOf(owned, child));
    byKey.delete(keyOf(owned, child));
    const what = (verb: string) => `${verb} the ${key} item with ${keyText(owned, child)}`;
    if (!h) {
      steps.push({ rank: restricts(child) ? 0 : 5, what: what("make"), run: () => made(child) });
      continue;
    }
    const differing = childChanges(owned, ops, h.child, child);
    if (!differing.length) continue;
    if (differing.every((f) => updatable.has(f))) {
      steps.push({
        rank: 3,
        what: what("update"),
        run: async () => {
          try {
            const outs = await ops.update(owned.decl, h.id, withParent(owned, parentId, h.child), withParent(owned, parentId, child));
            held = held.map((x) => (x.id === h.id ? { id: h.id, child: fromOutputs(owned, outs) } : x));
          } catch (e) {
            if (!isGone(e)) throw e;
            held = held.filter((x) => x.id !== h.id); // deleted by hand since the last refresh: made again
            await made(child);
          }
        },
      });
    } else if (restricts(child)) {
      steps.push({ rank: 1, what: what("replace"), run: async () => (await made(child), await gone(h)) });
    } else {
      steps.push({ rank: 4, what: what("replace"), run: async () => (await gone(h), await made(child)) });
    }
  }
  for (const h of [...byKey.values(), ...extra])
    steps.push({
      rank: restricts(h.child) ? 6 : 2,
      what: `delete the undeclared ${key} item ${h.id} (${keyText(owned, h.child)})`,
      run: () => gone(h),
    });
  steps.sort((a, b) => a.rank - b.rank);
  for (const step of steps) {
    try {
      await step.run();
    } catch (e) {
      throw new OwnedPartialError(`could not ${step.what}: ${(e as Error).message}`, outputsOf(owned, key, held, declared));
    }
  }
  return outputsOf(owned, key, held, declared);
}

/*
 * Child fields that hold credentials (`OwnedChildren.secrets`): the resource class stores them apart
 * from the owned input, in a list of their own (one item per child, in the same order) that is secret
 * as a whole, so the owned input stays plain and a child made by hand is named with its fields in a
 * preview. The lifecycle works on the children whole: `joinSecrets` when props come in, `splitSecrets`
 * when they go out.
 */
const isObject = (v: unknown): v is Props => v !== null && typeof v === "object" && !Array.isArray(v);

/** Props with each owned input's secret fields put back into its children (and their own key gone). */
export function joinSecrets(decl: KindDeclaration, props: Props): Props {
  const owned = Object.entries(decl.owns ?? {}).filter(([, o]) => o.secrets);
  if (!owned.length || !props) return props;
  const out: Props = { ...props };
  for (const [key, { secrets }] of owned) {
    const { output, fields } = secrets!;
    const apart = out[output];
    delete out[output];
    if (!Array.isArray(out[key])) continue;
    out[key] = out[key].map((child: unknown, i: number) => {
      if (!isObject(child)) return child;
      const own = Array.isArray(apart) ? apart[i] : apart;
      // Not known yet (a preview): every secret field of the child is unknown too.
      if (own !== undefined && own !== null && !isObject(own)) return { ...child, ...Object.fromEntries(fields.map((f) => [f, own])) };
      return { ...child, ...(isObject(own) ? Object.fromEntries(fields.filter((f) => own[f] !== undefined).map((f) => [f, own[f]])) : {}) };
    });
  }
  return out;
}

/** Props with each owned input's secret fields moved out of its children into their own key (null when the input is). */
export function splitSecrets(decl: KindDeclaration, props: Props): Props {
  const owned = Object.entries(decl.owns ?? {}).filter(([, o]) => o.secrets);
  if (!owned.length || !props) return props;
  const out: Props = { ...props };
  for (const [key, { secrets }] of owned) {
    const { output, fields } = secrets!;
    const children = out[key];
    if (!Array.isArray(children)) {
      if (key in out) out[output] = null;
      else delete out[output];
      continue;
    }
    const secret = new Set(fields);
    out[key] = children.map((c: unknown) => (isObject(c) ? Object.fromEntries(Object.entries(c).filter(([f]) => !secret.has(f))) : c));
    out[output] = children.map((c: unknown) =>
      isObject(c) ? Object.fromEntries(fields.filter((f) => c[f] !== undefined).map((f) => [f, c[f]])) : {},
    );
  }
  return out;
}
