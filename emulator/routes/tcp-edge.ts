import { tcpEdges } from "../state/tcp-edge";
import { edgeKindRoutes } from "./edges";

/** §2.4; `policies` is null in every shown response and its shape is not shown. */
export const tcpEdgeOperations = edgeKindRoutes(tcpEdges, "tcp_edges", () => ({ policies: null }));
