/** TCP edges (§2.4, §4.3): hostports, and the backend and ip_restriction modules. */
import { defineEdgeKind } from "./edges";
import { TCP_EDGE_MODULES } from "./modules";

export const tcpEdges = defineEdgeKind({
  collectionKey: "tcp_edges",
  prefix: "edgtcp",
  label: "TCP edge",
  path: "/edges/tcp",
  proto: "tcp",
  modules: TCP_EDGE_MODULES,
});
