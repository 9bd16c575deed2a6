import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import {
  IpPolicyRuleCreateParams,
  IpPolicyRuleUpdateParams,
  type IpPolicyRule as IpPolicyRuleObject,
} from "../../sdk/resources/ip-policy-rule";
import { prefixed } from "../framework/ids";
import type { KindSpec } from "../framework/kind";
import { ipPolicyKind } from "./ip-policy";
import { ipPolicyRuleResource } from "../resources/ip-policy-rule";

/** @internal */
export const ipPolicyRuleKind: KindSpec<IpPolicyRuleObject> = {
  name: ipPolicyRuleResource.name,
  section: "§2.7 (extension)",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.ipPolicyRules),
  parent: { spec: ipPolicyKind, key: "ipPolicyId" },
  createSchema: IpPolicyRuleCreateParams,
  updateSchema: IpPolicyRuleUpdateParams,
  defaults: { description: "", metadata: "" },
  // The service answers IPv6 in RFC 5952 form; a block written another way is the same block.
  fieldTypes: { cidr: "cidr" },
  outputs: ipPolicyRuleResource.outputs,
  api: (client) => client.ipPolicyRules,
  fromApi: (obj) => ({ ipPolicyId: obj.ipPolicy.id }),
  export: { label: (o, nameOf) => `${nameOf(o.ipPolicy?.id) ?? "policy"}-${o.action}-${o.cidr}` },
};
