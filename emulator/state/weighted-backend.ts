/** Weighted backends (§2.10, §4.7): child backend id → weight 0..10000. */
import { z } from "zod";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { checkChild } from "./backends";
import { addRule, baseRecordFields, commonFields, newBase, parseBody, patchRecord } from "./validation";
import { resourceUri, specAnswer } from "./wire";

const record = z.strictObject({ ...baseRecordFields, backends: z.record(z.string(), z.number()) });
export type WeightedBackendRecord = z.infer<typeof record>;

export const weightedBackends: KindRules<WeightedBackendRecord> = {
  collectionKey: "weighted_backends",
  prefix: "bkdwd",
  label: "weighted backend",
  path: "/backends/weighted",
  record,
  uses: (r) => Object.keys(r.backends),
  listKey: "backends",
  render,
  create: (call) => render(createWeightedBackend(call.store, call.body), call.baseUrl),
  // Only the answer shows the spec's empty map; the stored record keeps its backends.
  update: (call, id) => specAnswer(call, updateWeightedBackend(call.store, id, call.body), {}),
  reference: {
    title: "Weighted backends",
    create: (ex) => ({ ...ex.common, backends: { [ex.id("/backends/tunnel_group")]: 100 } }),
    update: () => ({ description: "primary pool" }),
  },
};

// Keys are backend ids: kept exactly as sent, in the order sent.
const weights = z.record(z.string(), z.int().min(0).max(10000)).superRefine((map, ctx) => {
  if (Object.keys(map).length === 0) addRule(ctx, [], "must have at least 1 entry", "{}");
});
const createSchema = z.strictObject({ ...commonFields, backends: weights });
const updateSchema = z.strictObject({ ...commonFields, backends: weights.optional() });

function checkChildren(store: Store, self: string | undefined, backends: Record<string, number> | undefined): void {
  for (const id of Object.keys(backends ?? {})) checkChild(store, self, id, `backends.${id}`);
}

export function createWeightedBackend(store: Store, body: Record<string, unknown>): WeightedBackendRecord {
  const input = parseBody(createSchema, body);
  checkChildren(store, undefined, input.backends);
  return store.collection(weightedBackends).insert({ ...newBase(store, weightedBackends, input), backends: input.backends });
}

export function updateWeightedBackend(store: Store, id: string, body: Record<string, unknown>): WeightedBackendRecord {
  return patchRecord(store.collection(weightedBackends), id, updateSchema, body, {
    check: (input) => checkChildren(store, id, input.backends),
  });
}

/** §2.10 fields; `backends` is the stored map, also after a PATCH that did not send it (unless `updateAnswers` is `spec`). */
function render(record: WeightedBackendRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, weightedBackends, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    backends: record.backends,
  };
}
