import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const tunnelGroupBackendResource: ResourceKind = {
  name: "TunnelGroupBackend",
  inputs: ["description", "metadata", "labels"],
  outputs: ["uri", "createdAt", "tunnelIds"],
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
export class TunnelGroupBackend extends pulumi.CustomResource {
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
    super(...resourceArgs(tunnelGroupBackendResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): TunnelGroupBackend {
    return new TunnelGroupBackend(name, undefined, { ...opts, id });
  }

  /** True when `obj` is a TunnelGroupBackend, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is TunnelGroupBackend {
    return isResourceOf(tunnelGroupBackendResource, obj);
  }
}
