import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import { TlsEdgeCreateParams, TlsEdgeUpdateParams, type TlsEdge as TlsEdgeObject } from "../../sdk/resources/tls-edge";
import { prefixed } from "../framework/ids";
import type { KindSpec } from "../framework/kind";
import { modulesOf } from "../modules";
import { tlsEdgeResource } from "../resources/tls-edge";

/** @internal */
export const tlsEdgeKind: KindSpec<TlsEdgeObject> = {
  name: tlsEdgeResource.name,
  section: "§2.5, §4.4",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.tlsEdges),
  createSchema: TlsEdgeCreateParams,
  updateSchema: TlsEdgeUpdateParams,
  defaults: { description: "", metadata: "" },
  fieldTypes: { hostports: "set" },
  modules: modulesOf(["backend", "ipRestriction", "mutualTls", "tlsTermination"]),
  patchSetsModules: true,
  outputs: tlsEdgeResource.outputs,
  api: (client) => client.tlsEdges,
  export: { label: (o) => o.hostports?.[0] },
};
