import { TlsEdgeCreateParams, TlsEdgeUpdateParams, type TlsEdge as TlsEdgeObject, tlsEdgesIdPrefix } from "../../sdk/resources/tls-edge";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, declareKind } from "../framework/kind";
import { MODULE_FIELDS, modulesOf } from "../modules";

/** @internal */
export const tlsEdgeKind = declareKind<TlsEdgeObject>({
  name: "TlsEdge",
  doc: "TLS hostports with backend, IP restriction, mutual TLS and TLS termination modules.",
  fields: {
    hostports: COMMON_FIELDS.hostports,
    backend: MODULE_FIELDS.backend,
    ipRestriction: MODULE_FIELDS.ipRestriction,
    mutualTls: MODULE_FIELDS.mutualTls,
    tlsTermination: {
      input: { type: "TlsTerminationModuleArgs", doc: "Where TLS ends and its minimum version." },
      type: "TlsTerminationModule | null",
      doc: "As the service reports it, in the input shape; null when unset.",
    },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    uri: { type: "string", doc: "The resource's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.5, §4.4",
  refresh: { by: "pages" },
  idForm: prefixed(tlsEdgesIdPrefix),
  createSchema: TlsEdgeCreateParams,
  updateSchema: TlsEdgeUpdateParams,
  fieldTypes: { hostports: "set" },
  modules: modulesOf(["backend", "ipRestriction", "mutualTls", "tlsTermination"]),
  patchSetsModules: true,
  api: (client) => client.tlsEdges,
  export: { label: (o) => o.hostports?.[0] },
});
