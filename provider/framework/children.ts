/**
 * Children a resource owns as a whole set (`KindDeclaration.owns`; docs/provider.md, "Owning a parent's
 * children"): an IP policy's inline `rules`, an event subscription's `sources`. Declared in one input of the parent, they are made after
 * the parent, read from the children's list at refresh (so a child made by hand shows as a change of
 * that input, with its fields), and applied one child at a time by update: new ones made, changed ones
 * patched (or replaced where a field cannot change), undeclared ones deleted. An input left undefined
 * claims nothing: nothing about the children is read or written, and nothing is ever deleted.
 */
import { z } from "zod";
import type { EdgeIngress } from "../../sdk/client";
import { NotFoundError } from "../../sdk/core/errors";
import { inputKeys, updatableKeys, type KindDeclaration, type OwnedChildren } from "./kind";
import { NORMALISERS } from "./normalise";
import { pageReads, writeState, writingApi } from "./page-reads";

type Props = Record<string, any>;
/** A child as the service holds it: its id and its declared form. */
interface Held {
  readonly id: string;
  readonly child: any;
}

/** The fields a parent's input declares of each child: the child kind's inputs less the parent's id. */
export function childFields(owned: OwnedChildren): string[] {
  return inputKeys(owned.spec).filter((k) => k !== owned.spec.parent?.key);
}

/** A declared child as an object of its fields (a scalar one is its key's value). */
export const childObject = (owned: OwnedChildren, item: unknown): Props => (owned.scalar ? { [owned.key]: item } : (item as Props));
/** A child object in the form the parent's input declares it. */
const itemOf = (owned: OwnedChildren, obj: Props): any => (owned.scalar ? obj[owned.key] : obj);

/**
 * The list of children a parent's input declares: each item checked by `item` (issues name
 * `rules[3].cidr`, or `sources[2]` for `scalar` items, the key's value alone), and no two with the same
 * key in its normal form (children are told apart by it).
 */
export function ownedListSchema(
  inputKey: string,
  item: z.ZodType,
  key: string,
  normalise: (value: string) => string | undefined,
  what: string,
  scalar = false,
): z.ZodType {
  return z.array(item, { error: "must be a list" }).superRefine(
    (items, ctx) => {
      const seen = new Map<string, number>();
      items.forEach((child: any, i) => {
        const raw = scalar ? child : child?.[key];
        const value = typeof raw === "string" ? normalise(raw) : undefined;
        if (value === undefined) return;
        const first = seen.get(value);
        if (first === undefined) return void seen.set(value, i);
        ctx.addIssue({
          code: "custom",
          path: scalar ? [i] : [i, key],
          message: scalar
            ? `is ${inputKey}[${first}] again; declare each ${key} once`
            : `is the ${key} of ${inputKey}[${first}] again; ${what} are told apart by ${key}, declare each once`,
        });
      });
      // Also when other items have problems: every problem is named at once.
    },
    { when: (payload) => Array.isArray(payload.value) },
  );
}

/** A child's effective fields in their normal form (defaults filled, a CIDR canonical): how children compare. */
function normal(owned: OwnedChildren, item: unknown): Props {
  const child = childObject(owned, item);
  const types = owned.spec.fieldTypes ?? {};
  const out: Props = {};
  for (const field of childFields(owned)) {
    let value = child?.[field] ?? owned.spec.defaults[field] ?? null;
    const type = types[field];
    if (type && value != null) value = NORMALISERS[type](value);
    out[field] = value;
  }
  return out;
}
const keyOf = (owned: OwnedChildren, child: unknown): string => String(normal(owned, child)[owned.key]);
/** A child in its normal form, as text: equal texts, the same child (also for a refresh's inputs, lifecycle.ts). */
export const text = (owned: OwnedChildren, child: unknown): string => JSON.stringify(normal(owned, child));

/**
 * Whether the owned input changed between stored outputs (`prev`) and declared inputs (`next`): as a
 * set of children in normal form. Leaving the input out releases the children (a change, so state stops
 * claiming them; nothing is deleted); declaring it on a parent that did not claim them is a change too.
 */
export function ownedChanged(owned: OwnedChildren, next: unknown, prev: unknown): boolean {
  if (next == null) return prev != null;
  if (!Array.isArray(next) || !Array.isArray(prev)) return true;
  const a = next.map((c) => text(owned, c)).sort();
  const b = prev.map((c) => text(owned, c)).sort();
  return a.length !== b.length || a.some((t, i) => t !== b[i]);
}

/** A child object of the sdk in the form a parent's input declares it. */
function declaredForm(owned: OwnedChildren, obj: any): any {
  const mapped = { ...obj, ...(owned.spec.fromApi?.(obj) ?? {}) };
  return itemOf(owned, Object.fromEntries(childFields(owned).map((f) => [f, mapped[f] ?? null])));
}

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
export function keptOutputs(spec: KindDeclaration, previous: Props): Props {
  const out: Props = {};
  for (const [key, owned] of Object.entries(spec.owns ?? {})) {
    out[key] = previous[key] ?? null;
    out[owned.idsOutput] = previous[owned.idsOutput] ?? null;
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
  for await (const child of owned.listAll(client)) {
    const parent = owned.parentOf(child);
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
  const name = owned.spec.name;
  for (let attempt = 1; ; attempt++) {
    const state = writeState();
    let listing = byKind.get(name);
    const stale =
      !listing ||
      listing.generation !== state.generation ||
      pageReads.now() - listing.startedAt > pageReads.ttlMs ||
      listing.answered.has(parentId);
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

/** The children's stored form: each owned input's children as the service holds them now. */
async function heldNow(owned: OwnedChildren, client: EdgeIngress, parentId: string): Promise<Held[]> {
  return (await childrenOf(owned, client, parentId)).map((obj) => ({ id: obj.id, child: declaredForm(owned, obj) }));
}

/** Owned outputs as the service has them, for each owned input the stored outputs claim (an array); others untouched. */
export async function readOwned(spec: KindDeclaration, client: EdgeIngress, parentId: string, stored: Props): Promise<Props> {
  const out: Props = {};
  for (const [key, owned] of Object.entries(spec.owns ?? {})) {
    if (!Array.isArray(stored[key])) continue;
    Object.assign(out, outputsOf(owned, key, await heldNow(owned, client, parentId), stored[key]));
  }
  return out;
}

/** Owned outputs of the service for every owned input `inputs` declares (adopting claims what is there). */
export async function readClaimed(spec: KindDeclaration, client: EdgeIngress, parentId: string, inputs: Props): Promise<Props> {
  const out: Props = {};
  for (const [key, owned] of Object.entries(spec.owns ?? {})) {
    if (inputs[key] == null) continue;
    Object.assign(out, outputsOf(owned, key, await heldNow(owned, client, parentId), inputs[key]));
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

/**
 * Applies each owned input `news` declares, one request per child, and returns the owned outputs;
 * an input left out only drops the claim from the outputs. `create` makes a child (the lifecycle's
 * create, safe when an answer is lost). Order, so the set never opens wider on the way than before or
 * after (a child that `restricts`, a deny rule, is made first and deleted last): restricting ones made
 * (a replacement into one made before its old one is deleted), others deleted, patches, others made
 * (a replacement out of a restricting one deleted first), restricting ones deleted. A failure throws
 * OwnedPartialError with what was applied, so the next update continues from there.
 */
export async function applyOwned(
  spec: KindDeclaration,
  client: EdgeIngress,
  parentId: string,
  olds: Props,
  news: Props,
  create: (childSpec: KindDeclaration, params: Props) => Promise<any>,
): Promise<Props> {
  const out: Props = {};
  for (const [key, owned] of Object.entries(spec.owns ?? {})) {
    const declared = news[key];
    if (declared == null) {
      Object.assign(out, { [key]: null, [owned.idsOutput]: null });
      continue;
    }
    const start = storedHeld(owned, key, olds) ?? (await heldNow(owned, client, parentId));
    Object.assign(out, await applyOne(owned, key, client, parentId, start, declared, create));
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
  create: (childSpec: KindDeclaration, params: Props) => Promise<any>,
): Promise<Props> {
  const api = writingApi(owned.spec.api(client));
  const parentKey = owned.spec.parent!.key;
  const updatable = new Set(updatableKeys(owned.spec));
  const restricts = (child: unknown) => owned.restricts?.(normal(owned, child)) ?? false;
  let held = [...start];
  const byKey = new Map<string, Held>();
  const extra: Held[] = [];
  for (const h of held) {
    const k = keyOf(owned, h.child);
    if (byKey.has(k)) extra.push(h);
    else byKey.set(k, h);
  }
  const params = (item: unknown): Props => {
    const child = childObject(owned, item);
    const p: Props = { [parentKey]: parentId };
    for (const f of childFields(owned)) if (child[f] != null) p[f] = child[f];
    return p;
  };
  const made = async (child: unknown) => {
    const obj = await create(owned.spec, params(child));
    held = [...held, { id: obj.id, child: declaredForm(owned, obj) }];
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
    const what = (verb: string) => `${verb} the ${key} item with ${owned.key} ${childObject(owned, child)[owned.key]}`;
    if (!h) {
      steps.push({ rank: restricts(child) ? 0 : 5, what: what("make"), run: () => made(child) });
      continue;
    }
    const want = normal(owned, child);
    const have = normal(owned, h.child);
    const differing = childFields(owned).filter((f) => JSON.stringify(want[f]) !== JSON.stringify(have[f]));
    if (!differing.length) continue;
    if (differing.every((f) => updatable.has(f))) {
      const body = Object.fromEntries(differing.map((f) => [f, want[f]]));
      steps.push({
        rank: 3,
        what: what("update"),
        run: async () => {
          try {
            const obj = await api.update(h.id, body);
            held = held.map((x) => (x.id === h.id ? { id: obj.id, child: declaredForm(owned, obj) } : x));
          } catch (e) {
            if (!(e instanceof NotFoundError)) throw e;
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
      what: `delete the undeclared ${key} item ${h.id} (${owned.key} ${childObject(owned, h.child)[owned.key]})`,
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
