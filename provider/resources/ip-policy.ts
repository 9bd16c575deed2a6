import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";
import type { IpPolicyRuleAction } from "./ip-policy-rule";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const ipPolicyResource: ResourceKind = {
  name: "IpPolicy",
  inputs: ["description", "metadata", "rules"],
  outputs: ["uri", "createdAt", "ruleIds"],
};

/** One rule of a policy's inline `rules`. */
export interface IpPolicyInlineRuleArgs {
  /** An IPv4 or IPv6 CIDR block with no bits set after the prefix; each block at most once in a policy's `rules`. */
  cidr: pulumi.Input<string>;
  /** Whether the block is allowed or denied; changing it replaces the rule (deleted and made again). */
  action: pulumi.Input<IpPolicyRuleAction>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
  /**
   * Every rule of the policy, when the stack owns them all: made with the policy, applied rule by rule
   * on update (told apart by CIDR), and read at refresh, so a rule added by hand is drift and `up`
   * deletes it. Left out (the default), the policy's rules are never read or touched: declare
   * IpPolicyRule resources instead where other stacks or people add rules too. Do not do both for one
   * policy: these would delete those (docs/provider.md, "Owning a parent's children").
   */
  rules?: pulumi.Input<pulumi.Input<IpPolicyInlineRuleArgs>[]>;
}

/** One rule of a policy's `rules` output, as the service has it. */
export interface IpPolicyInlineRule {
  /** The CIDR block (IPv6 as the service writes it, RFC 5952). */
  cidr: string;
  /** `allow` or `deny`. */
  action: IpPolicyRuleAction;
  /** Human-readable. */
  description: string;
  /** Arbitrary user data. */
  metadata: string;
}

export interface IpPolicyArgs extends AdoptArgs {
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
  /**
   * Every rule of the policy, when the stack owns them all: made with the policy, applied rule by rule
   * on update (told apart by CIDR), and read at refresh, so a rule added by hand is drift and `up`
   * deletes it. Left out (the default), the policy's rules are never read or touched: declare
   * IpPolicyRule resources instead where other stacks or people add rules too. Do not do both for one
   * policy: these would delete those (docs/provider.md, "Owning a parent's children").
   */
  rules?: pulumi.Input<pulumi.Input<IpPolicyInlineRuleArgs>[]>;
}

/**
 * A named set of IP rules (inline `rules`, or IpPolicyRule resources), applied through IP restrictions and edge modules;
 * it applies to no traffic until one of those names it.
 */
export class IpPolicy extends pulumi.CustomResource {
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** With inline `rules`: every rule of the policy as the service has it (null when `rules` is left out). */
  declare readonly rules: pulumi.Output<IpPolicyInlineRule[] | null>;
  /** With inline `rules`: the rules' ids (`ipr_…`), in the order of `rules`. */
  declare readonly ruleIds: pulumi.Output<string[] | null>;
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
