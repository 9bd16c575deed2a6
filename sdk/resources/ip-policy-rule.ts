/**
 * IP policy rules (an extension: the spec leaves a policy's rules unstated): one CIDR block a policy
 * allows or denies. A rule belongs to its policy; `ipPolicyId` and `action` are fixed at creation.
 */
import { z } from "zod";
import { Ref, description, idWithPrefix, immutable, metadata, oneOf, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import { ipPoliciesIdPrefix } from "./ip-policy";
import { cidrProblem } from "../core/cidr";
import type * as types from "../types";

export const ipPolicyRulesIdPrefix = "ipr_";

export const IP_POLICY_RULE_ACTIONS = ["allow", "deny"] as const;
/** @internal */
export const IpPolicyRuleAction = oneOf(IP_POLICY_RULE_ACTIONS).describe(
  "What an IP policy rule does with the addresses of its CIDR block.",
);
export type IpPolicyRuleAction = types.IpPolicyRuleAction;

export { CIDR_HOST_BITS_RULE, CIDR_RULE, canonicalCidr, cidrProblem, parseCidr, type CidrBlock } from "../core/cidr";

// Rule texts say what is wrong; of the value, only a prefix length over the family's width is quoted.
/** @internal */
export const cidr = z.string({ error: "must be a string" }).superRefine((value, ctx) => {
  const problem = cidrProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** @internal */
export const IpPolicyRule = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  cidr: z.string().describe("The CIDR block, e.g. `203.0.113.0/24`; IPv6 as RFC 5952 writes it (lowercase, zeros compressed)."),
  // A plain string: an action added by the service later must not make reads fail.
  action: z.string().describe("`allow` or `deny`: what the policy does with the addresses of the block. Fixed at creation."),
  ipPolicy: Ref.describe("The IP policy that holds the rule; fixed at creation. Deleting the policy deletes its rules."),
});
export type IpPolicyRule = types.IpPolicyRule;

/** @internal */
export const IpPolicyRuleCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  cidr: cidr.describe("The service answers IPv6 in RFC 5952 form (lowercase, zeros compressed)."),
  action: IpPolicyRuleAction.describe("`allow` or `deny` the addresses of the block; fixed at creation (a change means a new rule)."),
  ipPolicyId: idWithPrefix(ipPoliciesIdPrefix).describe(
    "The IP policy (`ipp_`) that holds the rule; it must exist. Fixed at creation (a change means a new rule).",
  ),
});
export type IpPolicyRuleCreateParams = types.IpPolicyRuleCreateParams;

/** @internal */
export const IpPolicyRuleUpdateParams = params({
  ipPolicyId: immutable.describe("Fixed at creation: listed only to reject it with that reason (a change means a new rule)."),
  action: immutable.describe("Fixed at creation: listed only to reject it with that reason (a change means a new rule)."),
  description: description.optional(),
  metadata: metadata.optional(),
  cidr: cidr
    .optional()
    .describe(
      "When given, replaces the CIDR block: IPv4 or IPv6 with a prefix length and no address bits set after it (`10.0.0.0/8`, not `10.0.0.1/8`).",
    ),
});
export type IpPolicyRuleUpdateParams = types.IpPolicyRuleUpdateParams;

export class IpPolicyRules extends CrudResource<IpPolicyRule, IpPolicyRuleCreateParams, IpPolicyRuleUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/ip_policy_rules",
      listKey: "ipPolicyRules",
      model: IpPolicyRule,
      createParams: IpPolicyRuleCreateParams,
      updateParams: IpPolicyRuleUpdateParams,
    });
  }
}
