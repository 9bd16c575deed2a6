/**
 * Applying an owned input's declared children to the service, one child at a time and in an order that
 * never opens the set wider than before or after (applyOwned).
 */
import type { EdgeIngress } from "../../sdk/client";
import { NotFoundError } from "../../sdk/core/errors";
import { heldNow } from "./children-read";
import {
  childChanges,
  childObject,
  declaredForm,
  fromOutputs,
  keyOf,
  keyText,
  outputsOf,
  withParent,
  type ChildOps,
  type ChildRules,
  type Held,
  type Props,
} from "./children-set";
import { updatableKeys, type KindDeclaration, type OwnedChildren } from "./kind";
import { writingApi } from "./page-reads";

/**
 * A failure part-way through applying children: `outputs` are the owned outputs as applied so far;
 * `applied` is false when no write took effect before it (the service refused the first one).
 */
export class OwnedPartialError extends Error {
  constructor(
    message: string,
    readonly outputs: Props,
    readonly applied: boolean,
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

/** A child found gone: the error itself, or what a partial update failed on. */
const isGone = (e: unknown): boolean => e instanceof NotFoundError || (e instanceof Error && e.cause instanceof NotFoundError);

/** A child's update that failed after some of its writes took effect (the engine's partial state: an id and properties). */
const partlyApplied = (e: unknown): boolean => e instanceof Error && "properties" in e && "id" in e;

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
  const writes = { done: 0 };
  for (const [key, owned] of Object.entries(decl.owns ?? {})) {
    const declared = news[key];
    if (declared == null) {
      Object.assign(out, { [key]: null, [owned.idsOutput]: null });
      continue;
    }
    const start = storedHeld(owned, key, olds) ?? (await heldNow(decl, owned, ops, client, parentId));
    Object.assign(out, await applyOne(owned, key, client, parentId, start, declared, ops, writes));
  }
  return out;
}

/** One write of an owned input's plan; steps run by `rank` (the order applyOwned gives). */
type Step = { readonly rank: number; readonly what: string; run(): Promise<void> };

/**
 * The writes to one owned input's children, keeping what the service holds as they go (`held`, the
 * outputs if a later write fails) and counting those that took effect (`writes`, shared by the parent's
 * owned inputs).
 */
class ChildWrites {
  held: Held[];
  private readonly api;

  constructor(
    private readonly owned: OwnedChildren,
    client: EdgeIngress,
    private readonly parentId: string,
    private readonly ops: ChildOps,
    start: readonly Held[],
    private readonly writes: { done: number },
  ) {
    this.held = [...start];
    this.api = writingApi(owned.decl.api(client));
  }

  /** Makes a declared child, with its parent's id and without unset fields. */
  async make(child: unknown): Promise<void> {
    const params = Object.fromEntries(Object.entries(withParent(this.owned, this.parentId, child)).filter(([, v]) => v != null));
    const obj = await this.ops.create(this.owned.decl, params);
    this.writes.done++;
    this.held = [...this.held, { id: obj.id, child: declaredForm(this.owned, this.ops, obj) }];
  }

  async remove(h: Held): Promise<void> {
    try {
      await this.api.delete(h.id);
    } catch (e) {
      if (!(e instanceof NotFoundError)) throw e; // already gone is done
    }
    this.writes.done++;
    this.held = this.held.filter((x) => x.id !== h.id);
  }

  /** Brings a held child to its declared form as its kind's update does; one deleted by hand since the last refresh is made again. */
  async update(h: Held, child: unknown): Promise<void> {
    const { owned, parentId } = this;
    try {
      const outs = await this.ops.update(owned.decl, h.id, withParent(owned, parentId, h.child), withParent(owned, parentId, child));
      this.writes.done++;
      this.held = this.held.map((x) => (x.id === h.id ? { id: h.id, child: fromOutputs(owned, outs) } : x));
    } catch (e) {
      if (partlyApplied(e)) this.writes.done++;
      if (!isGone(e)) throw e;
      this.held = this.held.filter((x) => x.id !== h.id);
      await this.make(child);
    }
  }
}

/** The writes that bring the held children to the declared ones, in the order they run. */
function planSteps(owned: OwnedChildren, key: string, declared: readonly unknown[], ops: ChildRules, w: ChildWrites): Step[] {
  const updatable = new Set(updatableKeys(owned.decl));
  const restricts = (child: unknown) => owned.restricts?.(childObject(owned, child)) ?? false;
  const byKey = new Map<string, Held>();
  const extra: Held[] = [];
  for (const h of w.held) {
    const k = keyOf(owned, h.child);
    if (byKey.has(k)) extra.push(h);
    else byKey.set(k, h);
  }
  const steps: Step[] = [];
  for (const child of declared) {
    const h = byKey.get(keyOf(owned, child));
    byKey.delete(keyOf(owned, child));
    const what = (verb: string) => `${verb} the ${key} item with ${keyText(owned, child)}`;
    if (!h) {
      steps.push({ rank: restricts(child) ? 0 : 5, what: what("make"), run: () => w.make(child) });
      continue;
    }
    const differing = childChanges(owned, ops, h.child, child);
    if (!differing.length) continue;
    if (differing.every((f) => updatable.has(f))) steps.push({ rank: 3, what: what("update"), run: () => w.update(h, child) });
    else if (restricts(child)) steps.push({ rank: 1, what: what("replace"), run: async () => (await w.make(child), await w.remove(h)) });
    else steps.push({ rank: 4, what: what("replace"), run: async () => (await w.remove(h), await w.make(child)) });
  }
  for (const h of [...byKey.values(), ...extra])
    steps.push({
      rank: restricts(h.child) ? 6 : 2,
      what: `delete the undeclared ${key} item ${h.id} (${keyText(owned, h.child)})`,
      run: () => w.remove(h),
    });
  return steps.sort((a, b) => a.rank - b.rank);
}

async function applyOne(
  owned: OwnedChildren,
  key: string,
  client: EdgeIngress,
  parentId: string,
  start: Held[],
  declared: unknown[],
  ops: ChildOps,
  writes: { done: number },
): Promise<Props> {
  const w = new ChildWrites(owned, client, parentId, ops, start, writes);
  for (const step of planSteps(owned, key, declared, ops, w)) {
    try {
      await step.run();
    } catch (e) {
      const partial = new OwnedPartialError(
        `could not ${step.what}: ${(e as Error).message}`,
        outputsOf(owned, key, w.held, declared),
        writes.done > 0,
      );
      throw Object.assign(partial, { cause: e });
    }
  }
  return outputsOf(owned, key, w.held, declared);
}
