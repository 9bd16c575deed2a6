import * as pulumi from "@pulumi/pulumi";
import { ID_PREFIXES, IpPolicyCreateParams, IpPolicyUpdateParams, type IpPolicy as IpPolicyObject } from "../sdk";
import type { KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import { EdgeIngressResource, type GetOptions, type AdoptArgs } from "./framework/resource";

/** @internal */
export const ipPolicyKind: KindSpec<IpPolicyObject> = {
  name: "IpPolicy",
  section: "§2.7, §4.6",
  idForm: prefixed(ID_PREFIXES.ipPolicies),
  createSchema: IpPolicyCreateParams,
  updateSchema: IpPolicyUpdateParams,
  defaults: { description: "", metadata: "" },
  outputs: ["uri", "createdAt"],
  api: (client) => client.ipPolicies,
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
export class IpPolicy extends EdgeIngressResource {
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The policy's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args?: IpPolicyArgs, opts?: pulumi.CustomResourceOptions) {
    super(ipPolicyKind, name, args, opts);
  }

  /** Reads an existing policy into the program (it is not managed). */
  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): IpPolicy {
    return new IpPolicy(name, undefined, { ...opts, id });
  }
}
