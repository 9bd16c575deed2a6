import type { Route } from "../http/router";
import { createRoute, deleteRoute, httpsEdgeRoutes, requireRoute, updateRoute, type HttpsEdgeRouteRecord } from "../state/https-edge-route";
import { httpsEdges } from "../state/https-edge";
import { ROUTE_MODULES } from "../state/modules";
import type { Store } from "../state/store";
import { resourceUri } from "./crud";
import { moduleRoutes, renderModules } from "./modules";

/** §2.6 HTTPSEdgeRoute field order; the uri is under the owning edge. */
export function renderRoute(record: HttpsEdgeRouteRecord, baseUrl: string, store: Store) {
  return {
    edge_id: record.edge_id,
    id: record.id,
    created_at: record.created_at,
    match_type: record.match_type,
    match: record.match,
    uri: `${resourceUri(baseUrl, httpsEdges, record.edge_id)}/routes/${record.id}`,
    description: record.description,
    metadata: record.metadata,
    ...renderModules(ROUTE_MODULES, record, baseUrl, store),
  };
}

const collectionPath = `${httpsEdges.path}/{edge_id}/routes`;
const itemPath = `${collectionPath}/{id}`;

/** Create, get, update, delete (no list: the edge's `routes` lists them) and the route module operations. */
export const httpsEdgeRouteOperations: Route[] = [
  {
    method: "POST",
    path: collectionPath,
    handle: (req) => ({ status: 201, body: renderRoute(createRoute(req.store, req.params.edge_id, req.body), req.baseUrl, req.store) }),
  },
  {
    method: "GET",
    path: itemPath,
    handle: (req) => ({
      status: 200,
      body: renderRoute(requireRoute(req.store, req.params.edge_id, req.params.id), req.baseUrl, req.store),
    }),
  },
  {
    method: "PATCH",
    path: itemPath,
    handle: (req) => ({
      status: 200,
      body: renderRoute(updateRoute(req.store, req.params.edge_id, req.params.id, req.body), req.baseUrl, req.store),
    }),
  },
  {
    method: "DELETE",
    path: itemPath,
    handle: (req) => {
      deleteRoute(req.store, req.params.edge_id, req.params.id);
      return { status: 204 };
    },
  },
  ...moduleRoutes(itemPath, ROUTE_MODULES, (req) => ({
    collection: req.store.collection(httpsEdgeRoutes),
    record: requireRoute(req.store, req.params.edge_id, req.params.id),
    label: httpsEdgeRoutes.label,
  })),
];
