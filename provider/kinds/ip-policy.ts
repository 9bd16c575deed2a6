import { canonicalCidr } from "../../sdk/core/cidr";
import {
  IpPolicyCreateParams,
  IpPolicyUpdateParams,
  type IpPolicy as IpPolicyObject,
  ipPoliciesIdPrefix,
} from "../../sdk/resources/ip-policy";
import { IpPolicyRuleCreateParams } from "../../sdk/resources/ip-policy-rule";
import { ownedListSchema } from "../framework/children";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, declareKind } from "../framework/kind";
import { ipPolicyRuleKind, type IpPolicyRuleAction } from "./ip-policy-rule";

/** Inline rules: each one as an IpPolicyRule declares it (less its policy), each block once. */
const rules = ownedListSchema(
  "rules",
  IpPolicyRuleCreateParams.omit({ ipPolicyId: true }),
  "cidr",
  canonicalCidr,
  "a policy's inline rules",
).optional();

/** @internal */
export const ipPolicyKind = declareKind<IpPolicyObject>({
  name: "IpPolicy",
  doc: "A named set of IP rules (inline `rules`, or IpPolicyRule resources), applied through IP restrictions and edge modules; it applies to no traffic until one of those names it.",
  getDoc: "Reads an existing policy into the program (it is not managed).",
  fields: {
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    rules: {
      input: {
        type: "pulumi.Input<IpPolicyInlineRuleArgs>[]",
        doc: "Every rule of the policy, when the stack owns them all: made with the policy, applied rule by rule on update (told apart by CIDR), and read at refresh, so a rule added by hand is drift and `up` deletes it. Left out (the default), the policy's rules are never read or touched: declare IpPolicyRule resources instead where other stacks or people add rules too. Do not do both for one policy: these would delete those (docs/provider.md, \"Owning a parent's children\").",
      },
      type: "IpPolicyInlineRule[] | null",
      doc: "With inline `rules`: every rule of the policy as the service has it (null when `rules` is left out).",
    },
    ruleIds: { type: "string[] | null", doc: "With inline `rules`: the rules' ids (`ipr_…`), in the order of `rules`." },
    uri: { type: "string", doc: "The policy's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.7, §4.6",
  refresh: { by: "pages" },
  idForm: prefixed(ipPoliciesIdPrefix),
  createSchema: IpPolicyCreateParams.extend({ rules }),
  updateSchema: IpPolicyUpdateParams.extend({ rules }),
  api: (client) => client.ipPolicies,
  owns: {
    rules: {
      decl: ipPolicyRuleKind,
      key: "cidr",
      idsOutput: "ruleIds",
      listAll: (client) => client.ipPolicyRules.list(),
      parentOf: (rule) => rule.ipPolicy.id,
      restricts: (rule) => rule.action === "deny",
    },
  },
});

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
