/** HTTPS edges (§2.6, §4.5): mutual_tls and tls_termination (always at the edge); routes are their own kind. */
import { defineEdgeKind } from "./edges";
import { HTTPS_EDGE_MODULES } from "./modules";

export const httpsEdges = defineEdgeKind({
  collectionKey: "https_edges",
  prefix: "edghts",
  label: "HTTPS edge",
  path: "/edges/https",
  proto: "https",
  modules: HTTPS_EDGE_MODULES,
});
