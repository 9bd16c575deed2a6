import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import { TcpEdgeCreateParams, TcpEdgeUpdateParams, type TcpEdge as TcpEdgeObject } from "../../sdk/resources/tcp-edge";
import { prefixed } from "../framework/ids";
import type { KindSpec } from "../framework/kind";
import { modulesOf } from "../modules";
import { tcpEdgeResource } from "../resources/tcp-edge";

/** @internal */
export const tcpEdgeKind: KindSpec<TcpEdgeObject> = {
  name: tcpEdgeResource.name,
  section: "§2.4, §4.3",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.tcpEdges),
  createSchema: TcpEdgeCreateParams,
  updateSchema: TcpEdgeUpdateParams,
  defaults: { description: "", metadata: "" },
  // Hostports are served together: a set (§2.4).
  fieldTypes: { hostports: "set" },
  modules: modulesOf(["backend", "ipRestriction"]),
  patchSetsModules: true,
  outputs: tcpEdgeResource.outputs,
  api: (client) => client.tcpEdges,
  export: { label: (o) => o.hostports?.[0] },
};
