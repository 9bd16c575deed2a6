import { canonicalCidr } from "../../sdk/core/cidr";
import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import { IpPolicyCreateParams, IpPolicyUpdateParams, type IpPolicy as IpPolicyObject } from "../../sdk/resources/ip-policy";
import { IpPolicyRuleCreateParams } from "../../sdk/resources/ip-policy-rule";
import { ownedListSchema } from "../framework/children";
import { prefixed } from "../framework/ids";
import type { KindSpec } from "../framework/kind";
import { kindSpec } from "./index";
import { ipPolicyResource } from "../resources/ip-policy";

/** Inline rules: each one as an IpPolicyRule declares it (less its policy), each block once. */
const rules = ownedListSchema(
  "rules",
  IpPolicyRuleCreateParams.omit({ ipPolicyId: true }),
  "cidr",
  canonicalCidr,
  "a policy's inline rules",
).optional();

/** @internal */
export const ipPolicyKind: KindSpec<IpPolicyObject> = {
  name: ipPolicyResource.name,
  section: "§2.7, §4.6",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.ipPolicies),
  createSchema: IpPolicyCreateParams.extend({ rules }),
  updateSchema: IpPolicyUpdateParams.extend({ rules }),
  defaults: { description: "", metadata: "" },
  outputs: ipPolicyResource.outputs,
  api: (client) => client.ipPolicies,
  owns: {
    rules: {
      // A getter: the rule kind names this one as its parent.
      get spec() {
        return kindSpec("IpPolicyRule");
      },
      key: "cidr",
      idsOutput: "ruleIds",
      listAll: (client) => client.ipPolicyRules.list(),
      parentOf: (rule) => rule.ipPolicy.id,
      restricts: (rule) => rule.action === "deny",
    },
  },
};
