import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import {
  TunnelGroupBackendCreateParams,
  TunnelGroupBackendUpdateParams,
  type TunnelGroupBackend as TunnelGroupBackendObject,
} from "../../sdk/resources/tunnel-group-backend";
import { prefixed } from "../framework/ids";
import type { KindSpec } from "../framework/kind";
import { tunnelGroupBackendResource } from "../resources/tunnel-group-backend";

/** @internal */
export const tunnelGroupBackendKind: KindSpec<TunnelGroupBackendObject> = {
  name: tunnelGroupBackendResource.name,
  section: "§2.9, §4.7",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.tunnelGroupBackends),
  createSchema: TunnelGroupBackendCreateParams,
  updateSchema: TunnelGroupBackendUpdateParams,
  defaults: { description: "", metadata: "", labels: {} },
  outputs: tunnelGroupBackendResource.outputs,
  api: (client) => client.tunnelGroupBackends,
  fromApi: (obj) => ({ tunnelIds: obj.tunnels.map((ref) => ref.id) }),
};
