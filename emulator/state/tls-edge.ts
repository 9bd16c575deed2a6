/** TLS edges (§2.5, §4.4): TCP's modules plus mutual_tls and tls_termination (edge or upstream). */
import { defineEdgeKind } from "./edges";
import { TLS_EDGE_MODULES } from "./modules";

export const tlsEdges = defineEdgeKind({
  collectionKey: "tls_edges",
  prefix: "edgtls",
  label: "TLS edge",
  path: "/edges/tls",
  proto: "tls",
  modules: TLS_EDGE_MODULES,
});
