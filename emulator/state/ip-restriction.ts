/**
 * IP restrictions (§2.8, §4.6). They reference IP policies by id; a policy deleted later stays referenced
 * and counts as a policy with zero rules.
 */
import { z } from "zod";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { ipPolicies } from "./ip-policy";
import { baseRecordFields, checkRefs, commonFields, newBase, parseBody, patchRecord } from "./validation";
import { ref, resourceUri } from "./wire";

export const RESTRICTION_TYPES = ["dashboard", "api", "agent", "endpoints"] as const;

const ipRestrictionRecord = z.strictObject({
  ...baseRecordFields,
  enforced: z.boolean(),
  type: z.enum(RESTRICTION_TYPES),
  ip_policy_ids: z.array(z.string()),
});
export type IpRestrictionRecord = z.infer<typeof ipRestrictionRecord>;

export const ipRestrictions: KindRules<IpRestrictionRecord> = {
  collectionKey: "ip_restrictions",
  prefix: "ipx",
  label: "IP restriction",
  path: "/ip_restrictions",
  record: ipRestrictionRecord,
  listKey: "ip_restrictions",
  render,
  create: (call) => render(createIpRestriction(call.store, call.body), call.baseUrl),
  update: (call, id) => updateIpRestriction(call.store, id, call.body),
  reference: {
    title: "IP restrictions",
    create: (ex) => ({ ...ex.common, type: "dashboard", enforced: true, ip_policy_ids: [ex.id("/ip_policies")] }),
    update: () => ({ enforced: false }),
  },
};

const policyIds = z.array(z.string()).min(1);
const createSchema = z.strictObject({
  ...commonFields,
  enforced: z.boolean().optional(),
  type: z.enum(RESTRICTION_TYPES),
  ip_policy_ids: policyIds,
});
const updateSchema = z.strictObject({
  ...commonFields,
  enforced: z.boolean().optional(),
  ip_policy_ids: policyIds.optional(),
});

export function createIpRestriction(store: Store, body: Record<string, unknown>): IpRestrictionRecord {
  const input = parseBody(createSchema, body);
  checkRefs(store, ipPolicies, input.ip_policy_ids, "ip_policy_ids");
  return store.collection(ipRestrictions).insert({
    ...newBase(store, ipRestrictions, input),
    enforced: input.enforced ?? false,
    type: input.type,
    ip_policy_ids: input.ip_policy_ids,
  });
}

export function updateIpRestriction(store: Store, id: string, body: Record<string, unknown>): IpRestrictionRecord {
  return patchRecord(store.collection(ipRestrictions), id, updateSchema, body, {
    immutable: ["type"],
    check: (input) => checkRefs(store, ipPolicies, input.ip_policy_ids, "ip_policy_ids"),
  });
}

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
