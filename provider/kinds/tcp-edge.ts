import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import { TcpEdgeCreateParams, TcpEdgeUpdateParams, type TcpEdge as TcpEdgeObject } from "../../sdk/resources/tcp-edge";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, declareKind } from "../framework/kind";
import { modulesOf } from "../modules";

/** @internal */
export const tcpEdgeKind = declareKind<TcpEdgeObject>({
  name: "TcpEdge",
  doc: "TCP hostports with a backend and an IP restriction module.",
  fields: {
    hostports: {
      input: {
        type: "pulumi.Input<string>[]",
        doc: "`host:port` addresses the edge serves (at least one, none repeated); order means nothing.",
        required: true,
      },
      type: "string[]",
      doc: "`host:port` addresses the edge serves.",
    },
    backend: {
      input: { type: "BackendModuleArgs", doc: "Where traffic goes." },
      type: "BackendModule | null",
      doc: "Each module as the service reports it, in the input shape; null when unset.",
    },
    ipRestriction: {
      input: { type: "IpRestrictionModuleArgs", doc: "Guards access: only the ranges of these IP policies." },
      type: "IpRestrictionModule | null",
      doc: "As the service reports it, in the input shape; null when unset.",
    },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    uri: { type: "string", doc: "The resource's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.4, §4.3",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.tcpEdges),
  createSchema: TcpEdgeCreateParams,
  updateSchema: TcpEdgeUpdateParams,
  // Hostports are served together: a set (§2.4).
  fieldTypes: { hostports: "set" },
  modules: modulesOf(["backend", "ipRestriction"]),
  patchSetsModules: true,
  api: (client) => client.tcpEdges,
  export: { label: (o) => o.hostports?.[0] },
});
