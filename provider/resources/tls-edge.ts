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
  type MutualTlsModule,
  type MutualTlsModuleArgs,
  type ResourceKind,
  type TlsTerminationModule,
  type TlsTerminationModuleArgs,
} from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const tlsEdgeResource: ResourceKind = {
  name: "TlsEdge",
  inputs: ["description", "metadata", "hostports", "backend", "ipRestriction", "mutualTls", "tlsTermination"],
  outputs: ["uri", "createdAt"],
};

export interface TlsEdgeArgs extends AdoptArgs {
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
  /** Guards access: clients present a certificate from these authorities. */
  mutualTls?: pulumi.Input<MutualTlsModuleArgs>;
  /** Where TLS ends and its minimum version. */
  tlsTermination?: pulumi.Input<TlsTerminationModuleArgs>;
}

/** TLS hostports with backend, IP restriction, mutual TLS and TLS termination modules. */
export class TlsEdge extends pulumi.CustomResource {
  /** `host:port` addresses the edge serves. */
  declare readonly hostports: pulumi.Output<string[]>;
  /** Each module as the service reports it, in the input shape; null when unset. */
  declare readonly backend: pulumi.Output<BackendModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly ipRestriction: pulumi.Output<IpRestrictionModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly mutualTls: pulumi.Output<MutualTlsModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly tlsTermination: pulumi.Output<TlsTerminationModule | null>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The resource's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: TlsEdgeArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: TlsEdgeArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(tlsEdgeResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): TlsEdge {
    return new TlsEdge(name, undefined, { ...opts, id });
  }

  /** True when `obj` is a TlsEdge, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is TlsEdge {
    return isResourceOf(tlsEdgeResource, obj);
  }
}
