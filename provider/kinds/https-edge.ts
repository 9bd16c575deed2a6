import { HttpsEdgeCreateParams, HttpsEdgeUpdateParams, type HttpsEdge as HttpsEdgeObject } from "../../sdk/resources/https-edge";
import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import { prefixed } from "../framework/ids";
import { declareKind } from "../framework/kind";
import { modulesOf } from "../modules";

/** @internal */
export const httpsEdgeKind = declareKind<HttpsEdgeObject>({
  name: "HttpsEdge",
  doc: "HTTPS hostports with mutual TLS and TLS termination; traffic is routed by HttpsEdgeRoute resources.",
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
    mutualTls: {
      input: { type: "MutualTlsModuleArgs", doc: "Guards access: clients present a certificate from these authorities." },
      type: "MutualTlsModule | null",
      doc: "As the service reports it, in the input shape; null when unset.",
    },
    tlsTermination: {
      input: { type: "HttpsTlsTerminationModuleArgs", doc: "The minimum TLS version (TLS always ends at the edge)." },
      type: "TlsTerminationModule | null",
      doc: "As the service reports it, in the input shape; null when unset. `terminateAt` is always `edge`.",
    },
    description: { input: { doc: 'Human-readable, at most 255 bytes. Default "".' }, default: "", type: "string", doc: "Human-readable." },
    metadata: {
      input: { doc: 'Arbitrary user data, at most 4096 bytes. Default "".' },
      default: "",
      type: "string",
      doc: "Arbitrary user data.",
    },
    uri: { type: "string", doc: "The edge's API URI." },
    createdAt: { type: "string", doc: "RFC 3339 creation time." },
  },
  section: "§2.6, §4.5",
  refresh: {
    by: "one",
    why: "the spec shows neither the edge's GET nor its list (§4.14): an edge is read whole, with its routes, by its GET",
  },
  idForm: prefixed(ID_PREFIXES.httpsEdges),
  createSchema: HttpsEdgeCreateParams,
  updateSchema: HttpsEdgeUpdateParams,
  fieldTypes: { hostports: "set" },
  modules: modulesOf(["mutualTls", "tlsTermination"]),
  // No `routeIds`: routes are HttpsEdgeRoute resources made after the edge, so the ids the edge's own
  // create or update returned were stale by construction and showed as drift at every refresh. State
  // that still holds them is read and compared without them (only inputs are compared).
  api: (client) => client.httpsEdges,
  export: { label: (o) => o.hostports?.[0] },
});
