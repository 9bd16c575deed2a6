/**
 * HTTPS edge routes (§2.6, §4.5): a path match and the route modules, owned by one HTTPS edge and removed
 * with it. A route is found only under its own edge.
 */
import { z } from "zod";
import { ApiError } from "../errors";
import { applyModules, modulesUse, ROUTE_MODULES, type ModularRecord } from "./modules";
import { moduleFields, storedModules, type Modules } from "./module-shapes";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { baseRecordFields, commonFields, deleteRecord, newBase, parseBody } from "./validation";
import { renderModules } from "./modules";

export const MATCH_TYPES = ["exact_path", "path_prefix"] as const;

export interface HttpsEdgeRouteRecord extends ModularRecord {
  description: string;
  metadata: string;
  edge_id: string;
  match_type: (typeof MATCH_TYPES)[number];
  match: string;
}

const record = z.strictObject({
  ...baseRecordFields,
  edge_id: z.string(),
  match_type: z.enum(MATCH_TYPES),
  match: z.string(),
  modules: storedModules(ROUTE_MODULES),
}) as z.ZodType<HttpsEdgeRouteRecord>;

export const httpsEdgeRoutes: KindRules<HttpsEdgeRouteRecord> = {
  collectionKey: "https_edge_routes",
  prefix: "edghtsrt",
  label: "HTTPS edge route",
  // Routes live under their edge; uris are built from edge_id (renderRoute).
  path: "/edges/https/{edge_id}/routes",
  record,
  uses: (r) => modulesUse(r.modules),
  owner: (r) => r.edge_id,
  render: renderRoute,
  modules: ROUTE_MODULES,
  reference: {
    title: "HTTPS edge routes",
    create: (ex) => ({
      match_type: "path_prefix",
      match: "/api",
      ...ex.common,
      backend: { backend_id: ex.id("/backends/tunnel_group") },
      compression: { enabled: true },
    }),
    update: () => ({ match: "/api/v2" }),
  },
};

const matchType = z.enum(MATCH_TYPES);
const match = z.string().min(1);
const modules = moduleFields(ROUTE_MODULES);
const createSchema = z.strictObject({ match_type: matchType, match, ...commonFields, ...modules });
const updateSchema = z.strictObject({ match_type: matchType.optional(), match: match.optional(), ...commonFields, ...modules });

type RouteInput = { match_type?: HttpsEdgeRouteRecord["match_type"]; match?: string; description?: string; metadata?: string } & Modules;

/** The edge's routes, oldest first. */
export function routesOf(store: Store, edgeId: string): HttpsEdgeRouteRecord[] {
  return store
    .collection(httpsEdgeRoutes)
    .all()
    .filter((r) => r.edge_id === edgeId);
}

/** NOT_FOUND for a route that is missing or belongs to another edge (the caller checked the edge: emulator/routes/). */
export function requireRoute(store: Store, edgeId: string, id: string): HttpsEdgeRouteRecord {
  const route = store.collection(httpsEdgeRoutes).get(id);
  if (!route || route.edge_id !== edgeId) {
    throw new ApiError("NOT_FOUND", `no HTTPS edge route with id ${JSON.stringify(id)} on HTTPS edge ${edgeId}`);
  }
  return route;
}

/** A new route of an existing edge (the caller checked it: emulator/routes/). */
export function createRoute(store: Store, edgeId: string, body: Record<string, unknown>): HttpsEdgeRouteRecord {
  const input = parseBody(createSchema, body) as RouteInput & Pick<HttpsEdgeRouteRecord, "match_type" | "match">;
  const modules = applyModules(store, ROUTE_MODULES, {}, input);
  return store.collection(httpsEdgeRoutes).insert({
    ...newBase(store, httpsEdgeRoutes, input),
    edge_id: edgeId,
    match_type: input.match_type,
    match: input.match,
    modules,
  });
}

/** Like edges (§4.1.6): modules sent replace the current ones, modules not sent are unchanged. */
export function updateRoute(store: Store, edgeId: string, id: string, body: Record<string, unknown>): HttpsEdgeRouteRecord {
  const current = requireRoute(store, edgeId, id);
  const input = parseBody(updateSchema, body) as RouteInput;
  const modules = applyModules(store, ROUTE_MODULES, current.modules, input);
  return store.collection(httpsEdgeRoutes).replace({
    ...current,
    description: input.description ?? current.description,
    metadata: input.metadata ?? current.metadata,
    match_type: input.match_type ?? current.match_type,
    match: input.match ?? current.match,
    modules,
  });
}

export function deleteRoute(store: Store, edgeId: string, id: string): void {
  requireRoute(store, edgeId, id);
  deleteRecord(store, httpsEdgeRoutes, id);
}

/** §2.6 HTTPSEdgeRoute field order; the uri is under the owning edge. */
export function renderRoute(record: HttpsEdgeRouteRecord, baseUrl: string, store: Store) {
  return {
    edge_id: record.edge_id,
    id: record.id,
    created_at: record.created_at,
    match_type: record.match_type,
    match: record.match,
    uri: `${baseUrl}${httpsEdgeRoutes.path.replace("{edge_id}", record.edge_id)}/${record.id}`,
    description: record.description,
    metadata: record.metadata,
    ...renderModules(ROUTE_MODULES, record, baseUrl, store),
  };
}
