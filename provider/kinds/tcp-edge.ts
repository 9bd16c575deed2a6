import { TcpEdgeCreateParams, TcpEdgeUpdateParams, type TcpEdge as TcpEdgeObject, tcpEdgesIdPrefix } from "../../sdk/resources/tcp-edge";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, declareKind } from "../framework/kind";
import { MODULE_FIELDS, modulesOf } from "../modules";

/** @internal */
export const tcpEdgeKind = declareKind<TcpEdgeObject>({
  name: "TcpEdge",
  doc: "TCP hostports with a backend and an IP restriction module.",
  fields: {
    hostports: COMMON_FIELDS.hostports,
    backend: MODULE_FIELDS.backend,
    ipRestriction: MODULE_FIELDS.ipRestriction,
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    uri: { type: "string", doc: "The resource's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.4, §4.3",
  refresh: { by: "pages" },
  idForm: prefixed(tcpEdgesIdPrefix),
  createSchema: TcpEdgeCreateParams,
  updateSchema: TcpEdgeUpdateParams,
  // Hostports are served together: a set (§2.4).
  fieldTypes: { hostports: "set" },
  modules: modulesOf(["backend", "ipRestriction"]),
  patchSetsModules: true,
  api: (client) => client.tcpEdges,
  export: { label: (o) => o.hostports?.[0] },
});
