/** TLS edges (§2.5, §4.4): TCP's modules plus mutual_tls and tls_termination (edge or upstream). */
import { defineEdgeKind } from "./edges";
import { TLS_EDGE_MODULES } from "./modules";

export const tlsEdges = defineEdgeKind({
  collectionKey: "tls_edges",
  prefix: "edgtls",
  label: "TLS edge",
  path: "/edges/tls",
  proto: "tls",
  listKey: "tls_edges",
  modules: TLS_EDGE_MODULES,
  // §2.5: `policies` is null in every shown answer and its shape is not shown.
  tail: () => ({ policies: null }),
  reference: {
    title: "TLS edges",
    create: (ex) => ({
      ...ex.common,
      hostports: ["tls.example.com:443"],
      backend: { backend_id: ex.id("/backends/tunnel_group") },
      tls_termination: { terminate_at: "edge" },
    }),
    update: () => ({ description: "mqtt over tls" }),
  },
});
