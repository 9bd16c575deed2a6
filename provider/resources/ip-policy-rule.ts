import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const ipPolicyRuleResource: ResourceKind = {
  name: "IpPolicyRule",
  inputs: ["description", "metadata", "cidr", "action", "ipPolicyId"],
  outputs: ["uri", "createdAt"],
};

export type IpPolicyRuleAction = "allow" | "deny";

export interface IpPolicyRuleArgs extends AdoptArgs {
  /** The policy that holds the rule; changing it replaces the rule. */
  ipPolicyId: pulumi.Input<string>;
  /** An IPv4 or IPv6 CIDR block with no bits set after the prefix, e.g. `203.0.113.0/24`, `2001:db8::/32`. */
  cidr: pulumi.Input<string>;
  /** Whether the block is allowed or denied; changing it replaces the rule. */
  action: pulumi.Input<IpPolicyRuleAction>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
}

/** One CIDR block that an IP policy allows or denies. */
export class IpPolicyRule extends pulumi.CustomResource {
  /** The policy that holds the rule; replace on change. */
  declare readonly ipPolicyId: pulumi.Output<string>;
  /** The CIDR block (IPv6 as the service writes it, RFC 5952). */
  declare readonly cidr: pulumi.Output<string>;
  /** `allow` or `deny`; replace on change. */
  declare readonly action: pulumi.Output<IpPolicyRuleAction>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The rule's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: IpPolicyRuleArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: IpPolicyRuleArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(ipPolicyRuleResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): IpPolicyRule {
    return new IpPolicyRule(name, undefined, { ...opts, id });
  }

  /** True when `obj` is an IpPolicyRule, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is IpPolicyRule {
    return isResourceOf(ipPolicyRuleResource, obj);
  }
}
