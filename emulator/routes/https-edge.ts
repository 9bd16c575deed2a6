import { routesOf } from "../state/https-edge-route";
import { httpsEdges } from "../state/https-edge";
import { edgeKindRoutes } from "./edges";
import { renderRoute } from "./https-edge-route";

/** §2.6: `routes` holds the full routes, oldest first, `[]` when none. */
export const httpsEdgeOperations = edgeKindRoutes(httpsEdges, "https_edges", (record, baseUrl, store) => ({
  routes: routesOf(store, record.id).map((route) => renderRoute(route, baseUrl, store)),
}));
