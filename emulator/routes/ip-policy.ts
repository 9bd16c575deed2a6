import { createIpPolicy, ipPolicies, updateIpPolicy, type IpPolicyRecord } from "../state/ip-policy";
import { crudRoutes, resourceUri } from "./crud";

function render(record: IpPolicyRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, ipPolicies, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
  };
}

export const ipPolicyOperations = crudRoutes({
  kind: ipPolicies,
  listKey: "ip_policies",
  render,
  create: (req) => render(createIpPolicy(req.store, req.body), req.baseUrl),
  update: (req, id) => updateIpPolicy(req.store, id, req.body),
});
