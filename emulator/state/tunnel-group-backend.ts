/** Tunnel group backends (§2.9, §4.7): labels to watch tunnels on. Tunnels are not modelled, so none match. */
import { z } from "zod";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { addRule, baseRecordFields, commonFields, newBase, parseBody, patchRecord } from "./validation";
import { resourceUri } from "./wire";

const record = z.strictObject({ ...baseRecordFields, labels: z.record(z.string(), z.string()) });
export type TunnelGroupBackendRecord = z.infer<typeof record>;

export const tunnelGroupBackends: KindRules<TunnelGroupBackendRecord> = {
  collectionKey: "tunnel_group_backends",
  prefix: "bkdtg",
  label: "tunnel group backend",
  path: "/backends/tunnel_group",
  record,
  listKey: "backends",
  render,
  create: (call) => render(createTunnelGroupBackend(call.store, call.body), call.baseUrl),
  update: (call, id) => updateTunnelGroupBackend(call.store, id, call.body),
  reference: {
    title: "Tunnel group backends",
    create: (ex) => ({ ...ex.common, labels: { location: "eu-west" } }),
    update: () => ({ labels: { location: "eu-central" } }),
  },
};

// Label keys and values are user data, kept exactly as sent.
const labels = z.record(z.string(), z.string()).superRefine((map, ctx) => {
  if (Object.hasOwn(map, "")) addRule(ctx, [], "keys must not be empty");
});
const writeSchema = z.strictObject({ ...commonFields, labels: labels.optional() });

export function createTunnelGroupBackend(store: Store, body: Record<string, unknown>): TunnelGroupBackendRecord {
  const input = parseBody(writeSchema, body);
  return store.collection(tunnelGroupBackends).insert({ ...newBase(store, tunnelGroupBackends, input), labels: input.labels ?? {} });
}

export function updateTunnelGroupBackend(store: Store, id: string, body: Record<string, unknown>): TunnelGroupBackendRecord {
  return patchRecord(store.collection(tunnelGroupBackends), id, writeSchema, body);
}

/** §2.9 fields; tunnels are not modelled, so none ever match. */
function render(record: TunnelGroupBackendRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, tunnelGroupBackends, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    labels: record.labels,
    tunnels: [],
  };
}
