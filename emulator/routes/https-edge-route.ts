import type { ApiRequest, Route } from "../http/router";
import { createRoute, deleteRoute, httpsEdgeRoutes, renderRoute, requireRoute, updateRoute } from "../state/https-edge-route";
import { httpsEdges } from "../state/https-edge";
import { ROUTE_MODULES } from "../state/modules";
import { moduleRoutes } from "./modules";

const collectionPath = httpsEdgeRoutes.path;
const itemPath = `${collectionPath}/{id}`;

/** The id of the edge the path names: 404 for a missing edge before anything about the route. */
const edgeOf = (req: ApiRequest): string => req.store.collection(httpsEdges).require(req.params.edge_id).id;

/** Create, get, update, delete (no list: the edge's `routes` lists them) and the route module operations. */
export const httpsEdgeRouteOperations: Route[] = [
  {
    method: "POST",
    path: collectionPath,
    handle: (req) => ({ status: 201, body: renderRoute(createRoute(req.store, edgeOf(req), req.body), req.baseUrl, req.store) }),
  },
  {
    method: "GET",
    path: itemPath,
    handle: (req) => ({
      status: 200,
      body: renderRoute(requireRoute(req.store, edgeOf(req), req.params.id), req.baseUrl, req.store),
    }),
  },
  {
    method: "PATCH",
    path: itemPath,
    handle: (req) => ({
      status: 200,
      body: renderRoute(updateRoute(req.store, edgeOf(req), req.params.id, req.body), req.baseUrl, req.store),
    }),
  },
  {
    method: "DELETE",
    path: itemPath,
    handle: (req) => {
      deleteRoute(req.store, edgeOf(req), req.params.id);
      return { status: 204 };
    },
  },
  ...moduleRoutes(itemPath, ROUTE_MODULES, (req) => ({
    collection: req.store.collection(httpsEdgeRoutes),
    record: requireRoute(req.store, edgeOf(req), req.params.id),
    label: httpsEdgeRoutes.label,
  })),
];
