/**
 * IP policies (§2.7, §4.6): description + metadata. Their rules are a kind of their own (ip-policy-rule.ts,
 * an extension) owned by the policy: deleting a policy deletes its rules with it, and a restriction or
 * module that keeps the policy's Ref sees a policy with zero rules, as §4.6 says.
 */
import { z } from "zod";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { baseRecordFields, commonFields, newBase, parseBody, patchRecord } from "./validation";
import { resourceUri } from "./wire";

const ipPolicyRecord = z.strictObject({ ...baseRecordFields });
export type IpPolicyRecord = z.infer<typeof ipPolicyRecord>;

export const ipPolicies: KindRules<IpPolicyRecord> = {
  collectionKey: "ip_policies",
  prefix: "ipp",
  label: "IP policy",
  path: "/ip_policies",
  record: ipPolicyRecord,
  listKey: "ip_policies",
  render,
  create: (call) => render(createIpPolicy(call.store, call.body), call.baseUrl),
  update: (call, id) => updateIpPolicy(call.store, id, call.body),
  reference: {
    title: "IP policies",
    create: () => ({ description: "office", metadata: "" }),
    update: () => ({ description: "office and vpn" }),
  },
};

const writeSchema = z.strictObject({ ...commonFields });

export function createIpPolicy(store: Store, body: Record<string, unknown>): IpPolicyRecord {
  const input = parseBody(writeSchema, body);
  return store.collection(ipPolicies).insert(newBase(store, ipPolicies, input));
}

export function updateIpPolicy(store: Store, id: string, body: Record<string, unknown>): IpPolicyRecord {
  return patchRecord(store.collection(ipPolicies), id, writeSchema, body);
}

function render(record: IpPolicyRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, ipPolicies, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
  };
}
