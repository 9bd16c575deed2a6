import {
  IpPolicyRuleCreateParams,
  IpPolicyRuleUpdateParams,
  type IpPolicyRule as IpPolicyRuleObject,
  ipPolicyRulesIdPrefix,
} from "../../sdk/resources/ip-policy-rule";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, declareKind } from "../framework/kind";
import type * as sdk from "../../sdk/types";
import { ipPoliciesIdPrefix } from "../../sdk/resources/ip-policy";

/** @internal */
export const ipPolicyRuleKind = declareKind<IpPolicyRuleObject>({
  name: "IpPolicyRule",
  doc: "One CIDR block that an IP policy allows or denies.",
  fields: {
    ipPolicyId: {
      input: { doc: "The policy that holds the rule; changing it replaces the rule.", required: true },
      type: "string",
      doc: "The policy that holds the rule; replace on change.",
    },
    cidr: {
      input: {
        doc: "An IPv4 or IPv6 CIDR block with no bits set after the prefix, e.g. `203.0.113.0/24`, `2001:db8::/32`.",
        required: true,
      },
      type: "string",
      doc: "The CIDR block (IPv6 as the service writes it, RFC 5952).",
    },
    action: {
      input: { doc: "Whether the block is allowed or denied; changing it replaces the rule.", required: true },
      type: "IpPolicyRuleAction",
      doc: "`allow` or `deny`; replace on change.",
    },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    uri: { type: "string", doc: "The rule's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.7 (extension)",
  refresh: { by: "pages" },
  idForm: prefixed(ipPolicyRulesIdPrefix),
  parent: { kind: "IpPolicy", idForm: prefixed(ipPoliciesIdPrefix), key: "ipPolicyId" },
  createSchema: IpPolicyRuleCreateParams,
  updateSchema: IpPolicyRuleUpdateParams,
  // The service answers IPv6 in RFC 5952 form; a block written another way is the same block.
  fieldTypes: { cidr: "cidr" },
  api: (client) => client.ipPolicyRules,
  fromApi: (obj) => ({ ipPolicyId: obj.ipPolicy.id }),
  export: { label: (o, nameOf) => `${nameOf(o.ipPolicy?.id) ?? "policy"}-${o.action}-${o.cidr}` },
});

export type IpPolicyRuleAction = sdk.IpPolicyRuleAction;
