import { ipPolicies } from "../state/ip-policy";
import { createIpRestriction, ipRestrictions, updateIpRestriction, type IpRestrictionRecord } from "../state/ip-restriction";
import { crudRoutes, ref, resourceUri } from "./crud";

function render(record: IpRestrictionRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, ipRestrictions, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    enforced: record.enforced,
    type: record.type,
    // Refs stay even after the policy is deleted (§4.6).
    ip_policies: record.ip_policy_ids.map((id) => ref(baseUrl, ipPolicies, id)),
  };
}

export const ipRestrictionOperations = crudRoutes({
  kind: ipRestrictions,
  listKey: "ip_restrictions",
  render,
  create: (req) => render(createIpRestriction(req.store, req.body), req.baseUrl),
  update: (req, id) => updateIpRestriction(req.store, id, req.body),
});
