import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import { TlsEdgeCreateParams, TlsEdgeUpdateParams, type TlsEdge as TlsEdgeObject } from "../../sdk/resources/tls-edge";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, declareKind } from "../framework/kind";
import { modulesOf } from "../modules";

/** @internal */
export const tlsEdgeKind = declareKind<TlsEdgeObject>({
  name: "TlsEdge",
  doc: "TLS hostports with backend, IP restriction, mutual TLS and TLS termination modules.",
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
    mutualTls: {
      input: { type: "MutualTlsModuleArgs", doc: "Guards access: clients present a certificate from these authorities." },
      type: "MutualTlsModule | null",
      doc: "As the service reports it, in the input shape; null when unset.",
    },
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
  idForm: prefixed(ID_PREFIXES.tlsEdges),
  createSchema: TlsEdgeCreateParams,
  updateSchema: TlsEdgeUpdateParams,
  fieldTypes: { hostports: "set" },
  modules: modulesOf(["backend", "ipRestriction", "mutualTls", "tlsTermination"]),
  patchSetsModules: true,
  api: (client) => client.tlsEdges,
  export: { label: (o) => o.hostports?.[0] },
});
