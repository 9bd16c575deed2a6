import { tlsEdges } from "../state/tls-edge";
import { edgeKindRoutes } from "./edges";

/** §2.5; `policies` is null in every shown response and its shape is not shown. */
export const tlsEdgeOperations = edgeKindRoutes(tlsEdges, "tls_edges", () => ({ policies: null }));
