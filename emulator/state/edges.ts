/**
 * What the three edge kinds share (§2.4–§2.6, §4.1.6, §4.3–§4.5): hostports served as endpoints, and
 * modules. Each kind names its module set; create and PATCH are the same for all of them.
 */
import { z } from "zod";
import { checkHostportsFree, hostports, syncEndpoints, type Proto } from "./endpoint";
import { applyModules, modulesUse, type ModularRecord } from "./modules";
import { moduleFields, storedModules, type Modules, type ModuleSet } from "./module-shapes";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { baseRecordFields, commonFields, newBase, parseBody } from "./validation";
import { renderModules } from "./modules";
import { resourceUri } from "./wire";

export interface EdgeRecord extends ModularRecord {
  description: string;
  metadata: string;
  hostports: string[];
}

/** An edge kind is a store kind with what create and PATCH need. */
export interface EdgeKind extends KindRules<EdgeRecord> {
  readonly proto: Proto;
  readonly modules: ModuleSet;
  render(record: EdgeRecord, baseUrl: string, store: Store): Record<string, unknown>;
  readonly createSchema: z.ZodObject;
  readonly updateSchema: z.ZodObject;
}

type EdgeInput = { description?: string; metadata?: string; hostports?: string[] } & Modules;

/** What an edge kind says of itself; `tail` adds its last answer fields (`policies`, `routes`). */
type EdgeKindDefinition = Pick<KindRules<EdgeRecord>, "collectionKey" | "prefix" | "label" | "path" | "listKey" | "reference"> & {
  proto: Proto;
  modules: ModuleSet;
  tail(record: EdgeRecord, baseUrl: string, store: Store): Record<string, unknown>;
};

export function defineEdgeKind(def: EdgeKindDefinition): EdgeKind {
  const { modules, tail, ...rules } = def;
  const record = z.strictObject({
    ...baseRecordFields,
    hostports: z.array(z.string()),
    modules: storedModules(modules),
  }) as z.ZodType<EdgeRecord>;
  const fields = { ...commonFields, ...moduleFields(modules) };
  const edge: EdgeKind = {
    ...rules,
    modules,
    record,
    uses: (r) => modulesUse(r.modules),
    createSchema: z.strictObject({ ...fields, hostports }),
    updateSchema: z.strictObject({ ...fields, hostports: hostports.optional() }),
    render: (r, baseUrl, store) => ({
      id: r.id,
      description: r.description,
      metadata: r.metadata,
      created_at: r.created_at,
      uri: resourceUri(baseUrl, edge, r.id),
      hostports: r.hostports,
      ...renderModules(modules, r, baseUrl, store),
      ...tail(r, baseUrl, store),
    }),
    create: (call) => edge.render(createEdge(call.store, edge, call.body), call.baseUrl, call.store),
    update: (call, id) => updateEdge(call.store, edge, id, call.body),
  };
  return edge;
}

export function createEdge(store: Store, edge: EdgeKind, body: Record<string, unknown>): EdgeRecord {
  const input = parseBody(edge.createSchema, body) as EdgeInput & { hostports: string[] };
  const modules = applyModules(store, edge.modules, {}, input);
  checkHostportsFree(store, input.hostports);
  return store.transaction(() => {
    const record = store.collection(edge).insert({ ...newBase(store, edge, input), hostports: input.hostports, modules });
    syncEndpoints(store, record, edge.proto);
    return record;
  });
}

/** §4.1.6: fields and modules sent replace the current ones; modules not sent are unchanged. */
export function updateEdge(store: Store, edge: EdgeKind, id: string, body: Record<string, unknown>): EdgeRecord {
  const collection = store.collection(edge);
  const current = collection.require(id);
  const input = parseBody(edge.updateSchema, body) as EdgeInput;
  const modules = applyModules(store, edge.modules, current.modules, input);
  if (input.hostports) checkHostportsFree(store, input.hostports, id);
  return store.transaction(() => {
    const record = collection.replace({
      ...current,
      description: input.description ?? current.description,
      metadata: input.metadata ?? current.metadata,
      hostports: input.hostports ?? current.hostports,
      modules,
    });
    syncEndpoints(store, record, edge.proto);
    return record;
  });
}
