/** TCP edges (§2.4, §4.3): hostports, and the backend and ip_restriction modules. */
import { defineEdgeKind } from "./edges";
import { TCP_EDGE_MODULES } from "./modules";

export const tcpEdges = defineEdgeKind({
  collectionKey: "tcp_edges",
  prefix: "edgtcp",
  label: "TCP edge",
  path: "/edges/tcp",
  proto: "tcp",
  listKey: "tcp_edges",
  modules: TCP_EDGE_MODULES,
  // §2.4: `policies` is null in every shown answer and its shape is not shown.
  tail: () => ({ policies: null }),
  reference: {
    title: "TCP edges",
    create: (ex) => ({ ...ex.common, hostports: ["1.tcp.example.com:20001"], backend: { backend_id: ex.id("/backends/tunnel_group") } }),
    update: () => ({ description: "ssh gateway" }),
  },
});
