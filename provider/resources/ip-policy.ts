import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";


/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const ipPolicyResource: ResourceKind = {
  name: "IpPolicy",
  inputs: ["description", "metadata"],
  outputs: ["uri", "createdAt"],
};

export interface IpPolicyArgs extends AdoptArgs {
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
}

/**
 * A named set of IP rules (IpPolicyRule resources), applied through IP restrictions and edge modules;
 * it applies to no traffic until one of those names it.
 */
export class IpPolicy extends pulumi.CustomResource {
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The policy's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args?: IpPolicyArgs, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(ipPolicyResource, name, args, opts));
  }

  /** Reads an existing policy into the program (it is not managed). */
  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): IpPolicy {
    return new IpPolicy(name, undefined, { ...opts, id });
  }

  /** True when `obj` is an IpPolicy, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is IpPolicy {
    return isResourceOf(ipPolicyResource, obj);
  }
}
