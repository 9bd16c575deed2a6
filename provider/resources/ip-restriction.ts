import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const ipRestrictionResource: ResourceKind = {
  name: "IpRestriction",
  inputs: ["description", "metadata", "enforced", "type", "ipPolicyIds"],
  outputs: ["uri", "createdAt"],
};

export type IpRestrictionType = "dashboard" | "api" | "agent" | "endpoints";

export interface IpRestrictionArgs extends AdoptArgs {
  /** What traffic is restricted; changing it replaces the restriction. */
  type: pulumi.Input<IpRestrictionType>;
  /** The IP policies (`ipp_`) that enforce the restriction; at least one. Compared as a set. */
  ipPolicyIds: pulumi.Input<pulumi.Input<string>[]>;
  /** false (the default): violations only warn. */
  enforced?: pulumi.Input<boolean>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
}

/** Restricts one kind of traffic to the IP ranges of its policies. */
export class IpRestriction extends pulumi.CustomResource {
  /** What traffic is restricted; replace on change. */
  declare readonly type: pulumi.Output<IpRestrictionType>;
  /** The IP policies (`ipp_`) that enforce the restriction. */
  declare readonly ipPolicyIds: pulumi.Output<string[]>;
  /** true: enforced; false: violations only warn. */
  declare readonly enforced: pulumi.Output<boolean>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The restriction's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: IpRestrictionArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: IpRestrictionArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(ipRestrictionResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): IpRestriction {
    return new IpRestriction(name, undefined, { ...opts, id });
  }

  /** True when `obj` is an IpRestriction, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is IpRestriction {
    return isResourceOf(ipRestrictionResource, obj);
  }
}
