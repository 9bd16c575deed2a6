import type { Route } from "../http/router";
import { createRoute, deleteRoute, httpsEdgeRoutes, renderRoute, requireRoute, updateRoute } from "../state/https-edge-route";
import { httpsEdges } from "../state/https-edge";
import { ROUTE_MODULES } from "../state/modules";
import { moduleRoutes } from "./modules";

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
