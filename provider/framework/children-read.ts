/**
 * Reading a parent's children as the service holds them: from one listing of the account's children
 * that every parent read of a refresh shares, or from the parent's own representation.
 */
import type { EdgeIngress } from "../../sdk/client";
import { declaredForm, outputsOf, type ChildRules, type Held, type Props } from "./children-set";
import type { KindDeclaration, OwnedChildren } from "./kind";
import { isCurrent, pageReads, writeState } from "./page-reads";

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
export async function heldNow(
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
