/**
 * What the three edge kinds share (§2.4–§2.6, §4.1.6, §4.3–§4.5): hostports served as endpoints, and
 * modules. Each kind names its module set; create and PATCH are the same for all of them.
 */
import { z } from "zod";
import { checkHostportsFree, hostports, syncEndpoints, type Proto } from "./endpoint";
import { applyModules, modulesUse, moduleFields, storedModules, type ModularRecord, type Modules, type ModuleSet } from "./modules";
import type { KindRules, Store } from "./store";
import { baseRecordFields, commonFields, newBase, parseBody } from "./validation";

export interface EdgeRecord extends ModularRecord {
  description: string;
  metadata: string;
  hostports: string[];
}

/** An edge kind is a store kind with what create and PATCH need. */
export interface EdgeKind extends KindRules<EdgeRecord> {
  readonly proto: Proto;
  readonly modules: ModuleSet;
  readonly createSchema: z.ZodObject;
  readonly updateSchema: z.ZodObject;
}

type EdgeInput = { description?: string; metadata?: string; hostports?: string[] } & Modules;

export function defineEdgeKind(def: Omit<KindRules<EdgeRecord>, "record" | "uses"> & { proto: Proto; modules: ModuleSet }): EdgeKind {
  const { modules } = def;
  const record = z.strictObject({
    ...baseRecordFields,
    hostports: z.array(z.string()),
    modules: storedModules(modules),
  }) as z.ZodType<EdgeRecord>;
  const fields = { ...commonFields, ...moduleFields(modules) };
  return {
    ...def,
    record,
    uses: (r) => modulesUse(r.modules),
    createSchema: z.strictObject({ ...fields, hostports }),
    updateSchema: z.strictObject({ ...fields, hostports: hostports.optional() }),
  };
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
