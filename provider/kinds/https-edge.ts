import { HttpsEdgeCreateParams, HttpsEdgeUpdateParams, type HttpsEdge as HttpsEdgeObject } from "../../sdk/resources/https-edge";
import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import { prefixed } from "../framework/ids";
import type { KindSpec } from "../framework/kind";
import { modulesOf } from "../modules";
import { httpsEdgeResource } from "../resources/https-edge";

/** @internal */
export const httpsEdgeKind: KindSpec<HttpsEdgeObject> = {
  name: httpsEdgeResource.name,
  section: "§2.6, §4.5",
  refresh: {
    by: "one",
    why: "the spec shows neither the edge's GET nor its list (§4.14): an edge is read whole, with its routes, by its GET",
  },
  idForm: prefixed(ID_PREFIXES.httpsEdges),
  createSchema: HttpsEdgeCreateParams,
  updateSchema: HttpsEdgeUpdateParams,
  defaults: { description: "", metadata: "" },
  fieldTypes: { hostports: "set" },
  modules: modulesOf(["mutualTls", "tlsTermination"]),
  // No `routeIds`: routes are HttpsEdgeRoute resources made after the edge, so the ids the edge's own
  // create or update returned were stale by construction and showed as drift at every refresh. State
  // that still holds them is read and compared without them (only inputs are compared).
  outputs: httpsEdgeResource.outputs,
  api: (client) => client.httpsEdges,
  export: { label: (o) => o.hostports?.[0] },
};
