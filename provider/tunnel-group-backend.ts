import * as pulumi from "@pulumi/pulumi";
import { ID_PREFIXES, TunnelGroupBackendCreateParams, TunnelGroupBackendUpdateParams, type TunnelGroupBackend as TunnelGroupBackendObject } from "../sdk";
import type { KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import { EdgeIngressResource, type GetOptions, type AdoptArgs } from "./framework/resource";

/** @internal */
export const tunnelGroupBackendKind: KindSpec<TunnelGroupBackendObject> = {
  name: "TunnelGroupBackend",
  section: "§2.9, §4.7",
  idForm: prefixed(ID_PREFIXES.tunnelGroupBackends),
  createSchema: TunnelGroupBackendCreateParams,
  updateSchema: TunnelGroupBackendUpdateParams,
  defaults: { description: "", metadata: "", labels: {} },
  outputs: ["uri", "createdAt", "tunnelIds"],
  api: (client) => client.tunnelGroupBackends,
  fromApi: (obj) => ({ tunnelIds: obj.tunnels.map((ref) => ref.id) }),
};

export interface TunnelGroupBackendArgs extends AdoptArgs {
  /** Traffic goes to tunnels carrying all of these labels. */
  labels?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
}

/** A backend made of the tunnels that match its labels. */
export class TunnelGroupBackend extends EdgeIngressResource {
  /** Labels a tunnel must carry, all of them. */
  declare readonly labels: pulumi.Output<Record<string, string>>;
  /** The tunnels (`tn_`) that match the labels now. */
  declare readonly tunnelIds: pulumi.Output<string[]>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The backend's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args?: TunnelGroupBackendArgs, opts?: pulumi.CustomResourceOptions) {
    super(tunnelGroupBackendKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): TunnelGroupBackend {
    return new TunnelGroupBackend(name, undefined, { ...opts, id });
  }
}
