/** HTTPS edges (§2.6, §4.5): mutual_tls and tls_termination (always at the edge); routes are their own kind. */
import { defineEdgeKind } from "./edges";
import { renderRoute, routesOf } from "./https-edge-route";
import { HTTPS_EDGE_MODULES } from "./modules";

export const httpsEdges = defineEdgeKind({
  collectionKey: "https_edges",
  prefix: "edghts",
  label: "HTTPS edge",
  path: "/edges/https",
  proto: "https",
  listKey: "https_edges",
  modules: HTTPS_EDGE_MODULES,
  // §2.6: `routes` holds the full routes, oldest first, `[]` when none.
  tail: (record, baseUrl, store) => ({ routes: routesOf(store, record.id).map((route) => renderRoute(route, baseUrl, store)) }),
  reference: {
    title: "HTTPS edges",
    create: (ex) => ({
      ...ex.common,
      hostports: ["app.example.com:443"],
      mutual_tls: { certificate_authority_ids: [ex.id("/certificate_authorities")] },
    }),
    update: () => ({ description: "public web app" }),
  },
});
