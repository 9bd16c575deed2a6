/** Update: the changed fields, modules and owned children of a resource, each applied as the service allows. */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { EdgeIngress } from "../../sdk/client";
import { updatableKeys, type KindDeclaration } from "./kind";
import { PROVIDER_KEY } from "./provider-factory";
import { writingApi } from "./page-reads";
import { OwnedPartialError, applyOwned, joinSecrets, splitSecrets, type ChildOps } from "./children";
import { PartialStateError, apart, refused, requestValue, type Props } from "./inputs";
import { DECLARED, SPELLED } from "./hidden-outputs";
import { toOutputs, withDeclared } from "./outputs";
import { CHILD_RULES, changedKeys } from "./diff";
import { createOnce } from "./lost-create";
import { fromUpdateAnswer, updateWithModules } from "./module-update";

export async function update(
  decl: KindDeclaration,
  client: EdgeIngress,
  id: string,
  olds: Props,
  news: Props,
): Promise<dynamic.UpdateResult> {
  const joined = joinSecrets(decl, news);
  const stored = joinSecrets(decl, olds);
  const { outs } = await apart(decl, () => recordingOld(stored, () => updateOutputs(decl, client, id, stored, joined)));
  // A value the service never shows that the state lacked (an import's): the declared one is kept from now on.
  for (const key of decl.keepFromState ?? []) if (outs[key] == null && joined[key] != null) outs[key] = joined[key];
  return { outs: splitSecrets(decl, withDeclared(decl, outs, joined)) };
}

/**
 * Runs an update whose partial state records the declaration of the last write, as the engine keeps
 * that write's inputs beside a partial update's outputs (refresh.ts reads them together).
 */
async function recordingOld<T>(olds: Props, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof PartialStateError)) throw e;
    for (const key of [DECLARED, SPELLED]) {
      if (olds[key] === undefined) delete e.properties[key];
      else e.properties[key] = olds[key];
    }
    throw e;
  }
}

/** Children are made and updated by their own kind's rules too: a lost create is found, not made twice; modules change in fail-closed order. */
const childOps = (client: EdgeIngress): ChildOps => ({
  ...CHILD_RULES,
  create: (decl, params) => createOnce(decl, client, params, params),
  update: async (decl, id, stored, declared) => (await updateOutputs(decl, client, id, stored, declared)).outs,
});

export async function updateOutputs(
  decl: KindDeclaration,
  client: EdgeIngress,
  id: string,
  olds: Props,
  news: Props,
): Promise<dynamic.UpdateResult> {
  const updatable = new Set(updatableKeys(decl));
  const changed = changedKeys(decl, olds, news).filter((key) => updatable.has(key));
  const api = writingApi(decl.api(client));
  const modules = decl.modules ?? {};
  const fields: Props = {};
  for (const key of changed) if (!(key in modules) && !decl.owns?.[key]) fields[key] = requestValue(decl, news, key);
  const owned = changed.filter((key) => decl.owns?.[key]);
  let outs: Props;
  // Writes before the owned children's: a child refused after them leaves partial state.
  const before = changed.length > owned.length;
  if (changed.some((key) => key in modules)) outs = await updateWithModules(decl, api, id, olds, news, changed, fields);
  else if (Object.keys(fields).length) outs = fromUpdateAnswer(decl, await api.update(id, fields), olds, fields);
  // Only owned children changed: the parent's stored outputs stand (no read needed).
  else if (owned.length) outs = Object.fromEntries(Object.entries(olds).filter(([k]) => k !== PROVIDER_KEY));
  else outs = toOutputs(decl, await api.get(id), olds);
  if (!owned.length) return { outs };
  return { outs: { ...outs, ...(await withOwned(decl, client, id, olds, news, outs, before)) } };
}

/**
 * The owned children applied after the parent's own fields (children.ts). A failure part-way records
 * the parent with the children made so far as partial state: nothing is orphaned, the next update
 * continues. A first write refused, with none before it (`applied`), leaves the state as it was.
 */
export async function withOwned(
  decl: KindDeclaration,
  client: EdgeIngress,
  id: string,
  olds: Props,
  news: Props,
  outs: Props,
  applied: boolean,
): Promise<Props> {
  try {
    return await applyOwned(decl, client, id, olds, news, childOps(client));
  } catch (e) {
    if (!(e instanceof OwnedPartialError)) throw e;
    const message = `${decl.name} ${id}: ${e.message}`;
    if (!applied && !e.applied) throw refused(message, e.cause);
    throw new PartialStateError(message, id, { ...outs, ...e.outputs, [PROVIDER_KEY]: news[PROVIDER_KEY] });
  }
}
