import { ipPolicies } from "../state/ip-policy";
import { createIpPolicyRule, ipPolicyRules, updateIpPolicyRule, type IpPolicyRuleRecord } from "../state/ip-policy-rule";
import { crudRoutes, ref, resourceUri } from "./crud";

function render(record: IpPolicyRuleRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, ipPolicyRules, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    cidr: record.cidr,
    ip_policy: ref(baseUrl, ipPolicies, record.ip_policy_id),
    action: record.action,
  };
}

export const ipPolicyRuleOperations = crudRoutes({
  kind: ipPolicyRules,
  listKey: "ip_policy_rules",
  render,
  create: (req) => render(createIpPolicyRule(req.store, req.body), req.baseUrl),
  update: (req, id) => updateIpPolicyRule(req.store, id, req.body),
});
