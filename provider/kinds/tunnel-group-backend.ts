import {
  TunnelGroupBackendCreateParams,
  TunnelGroupBackendUpdateParams,
  type TunnelGroupBackend as TunnelGroupBackendObject,
  tunnelGroupBackendsIdPrefix,
} from "../../sdk/resources/tunnel-group-backend";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, declareKind } from "../framework/kind";

/** @internal */
export const tunnelGroupBackendKind = declareKind<TunnelGroupBackendObject>({
  name: "TunnelGroupBackend",
  doc: "A backend made of the tunnels that match its labels.",
  fields: {
    labels: {
      input: { type: "Record<string, pulumi.Input<string>>", doc: "Traffic goes to tunnels carrying all of these labels." },
      default: {},
      type: "Record<string, string>",
      doc: "Labels a tunnel must carry, all of them.",
    },
    tunnelIds: { type: "string[]", doc: "The tunnels (`tn_`) that match the labels now." },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    uri: { type: "string", doc: "The backend's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.9, §4.7",
  refresh: { by: "pages" },
  idForm: prefixed(tunnelGroupBackendsIdPrefix),
  createSchema: TunnelGroupBackendCreateParams,
  updateSchema: TunnelGroupBackendUpdateParams,
  api: (client) => client.tunnelGroupBackends,
  fromApi: (obj) => ({ tunnelIds: obj.tunnels.map((ref) => ref.id) }),
});
