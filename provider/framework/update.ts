/** Update: the changed fields, modules and owned children of a resource, each applied as the service allows. */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { EdgeIngress } from "../../sdk/client";
import { updatableKeys, type KindDeclaration } from "./kind";
import { PROVIDER_KEY } from "./provider-factory";
import { writingApi } from "./page-reads";
import { OwnedPartialError, applyOwned, joinSecrets, splitSecrets, type ChildOps } from "./children";
import { PartialStateError, apart, requestValue, type Props } from "./inputs";
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
  const { outs } = await apart(decl, () => updateOutputs(decl, client, id, joinSecrets(decl, olds), joined));
  return { outs: splitSecrets(decl, withDeclared(decl, outs, joined)) };
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
  if (changed.some((key) => key in modules)) outs = await updateWithModules(decl, api, id, olds, news, changed, fields);
  else if (Object.keys(fields).length) outs = fromUpdateAnswer(decl, await api.update(id, fields), olds, fields);
  // Only owned children changed: the parent's stored outputs stand (no read needed).
  else if (owned.length) outs = Object.fromEntries(Object.entries(olds).filter(([k]) => k !== PROVIDER_KEY));
  else outs = toOutputs(decl, await api.get(id), olds);
  if (!owned.length) return { outs };
  return { outs: { ...outs, ...(await withOwned(decl, client, id, olds, news, outs)) } };
}

/**
 * The owned children applied after the parent's own fields (children.ts). A failure part-way records
 * the parent with the children made so far as partial state: nothing is orphaned, the next update
 * continues.
 */
export async function withOwned(
  decl: KindDeclaration,
  client: EdgeIngress,
  id: string,
  olds: Props,
  news: Props,
  outs: Props,
): Promise<Props> {
  try {
    return await applyOwned(decl, client, id, olds, news, childOps(client));
  } catch (e) {
    if (!(e instanceof OwnedPartialError)) throw e;
    throw new PartialStateError(`${decl.name} ${id}: ${e.message}`, id, { ...outs, ...e.outputs, [PROVIDER_KEY]: news[PROVIDER_KEY] });
  }
}
