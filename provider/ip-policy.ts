import * as pulumi from "@pulumi/pulumi";
import { ID_PREFIXES, IpPolicyCreateParams, IpPolicyUpdateParams, type IpPolicy as IpPolicyObject } from "../sdk";
import type { KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import { EdgeIngressResource, type AdoptArgs } from "./framework/resource";

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
  description?: pulumi.Input<string>;
  metadata?: pulumi.Input<string>;
}

/** A named set of IP rules, applied through IP restrictions and edge modules. */
export class IpPolicy extends EdgeIngressResource {
  declare readonly description: pulumi.Output<string>;
  declare readonly metadata: pulumi.Output<string>;
  declare readonly uri: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args?: IpPolicyArgs, opts?: pulumi.CustomResourceOptions) {
    super(ipPolicyKind, name, args, opts);
  }

  /** Reads an existing policy into the program (it is not managed). */
  static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): IpPolicy {
    return new IpPolicy(name, undefined, { ...opts, id });
  }
}
