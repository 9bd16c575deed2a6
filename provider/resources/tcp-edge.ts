import * as pulumi from "@pulumi/pulumi";
import {
  isResourceOf,
  resourceArgs,
  type AdoptArgs,
  type BackendModule,
  type BackendModuleArgs,
  type GetOptions,
  type IpRestrictionModule,
  type IpRestrictionModuleArgs,
  type ResourceKind,
} from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const tcpEdgeResource: ResourceKind = {
  name: "TcpEdge",
  inputs: ["description", "metadata", "hostports", "backend", "ipRestriction"],
  outputs: ["uri", "createdAt"],
};

export interface TcpEdgeArgs extends AdoptArgs {
  /** `host:port` addresses the edge serves (at least one, none repeated); order means nothing. */
  hostports: pulumi.Input<pulumi.Input<string>[]>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
  /** Where traffic goes. */
  backend?: pulumi.Input<BackendModuleArgs>;
  /** Guards access: only the ranges of these IP policies. */
  ipRestriction?: pulumi.Input<IpRestrictionModuleArgs>;
}

/** TCP hostports with a backend and an IP restriction module. */
export class TcpEdge extends pulumi.CustomResource {
  /** `host:port` addresses the edge serves. */
  declare readonly hostports: pulumi.Output<string[]>;
  /** Each module as the service reports it, in the input shape; null when unset. */
  declare readonly backend: pulumi.Output<BackendModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly ipRestriction: pulumi.Output<IpRestrictionModule | null>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The resource's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: TcpEdgeArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: TcpEdgeArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(tcpEdgeResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): TcpEdge {
    return new TcpEdge(name, undefined, { ...opts, id });
  }

  /** True when `obj` is a TcpEdge, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is TcpEdge {
    return isResourceOf(tcpEdgeResource, obj);
  }
}
