/** Failover backends (§2.11, §4.7): an ordered list of child backend ids. */
import { z } from "zod";
import { preview } from "../errors";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { checkChild } from "./backends";
import { addRule, baseRecordFields, commonFields, newBase, parseBody, patchRecord } from "./validation";
import { resourceUri, specAnswer } from "./wire";

const record = z.strictObject({ ...baseRecordFields, backends: z.array(z.string()) });
export type FailoverBackendRecord = z.infer<typeof record>;

export const failoverBackends: KindRules<FailoverBackendRecord> = {
  collectionKey: "failover_backends",
  prefix: "bkdfo",
  label: "failover backend",
  path: "/backends/failover",
  record,
  uses: (r) => r.backends,
  listKey: "backends",
  render,
  create: (call) => render(createFailoverBackend(call.store, call.body), call.baseUrl),
  // Only the answer shows the spec's empty list; the stored record keeps its backends.
  update: (call, id) => specAnswer(call, updateFailoverBackend(call.store, id, call.body), []),
  reference: {
    title: "Failover backends",
    create: (ex) => ({ ...ex.common, backends: [ex.id("/backends/tunnel_group")] }),
    update: () => ({ description: "primary, then standby" }),
  },
};

const children = z
  .array(z.string())
  .min(1)
  .superRefine((ids, ctx) => {
    ids.forEach((id, i) => {
      const first = ids.indexOf(id);
      if (first !== i) addRule(ctx, [i], `must not repeat backends[${first}]`, preview(id));
    });
  });
const createSchema = z.strictObject({ ...commonFields, backends: children });
const updateSchema = z.strictObject({ ...commonFields, backends: children.optional() });

function checkChildren(store: Store, self: string | undefined, backends: readonly string[] | undefined): void {
  backends?.forEach((id, i) => checkChild(store, self, id, `backends[${i}]`));
}

export function createFailoverBackend(store: Store, body: Record<string, unknown>): FailoverBackendRecord {
  const input = parseBody(createSchema, body);
  checkChildren(store, undefined, input.backends);
  return store.collection(failoverBackends).insert({ ...newBase(store, failoverBackends, input), backends: input.backends });
}

export function updateFailoverBackend(store: Store, id: string, body: Record<string, unknown>): FailoverBackendRecord {
  return patchRecord(store.collection(failoverBackends), id, updateSchema, body, {
    check: (input) => checkChildren(store, id, input.backends),
  });
}

/** §2.11 fields; `backends` is the stored list, also after a PATCH that did not send it (unless `updateAnswers` is `spec`). */
function render(record: FailoverBackendRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, failoverBackends, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    backends: record.backends,
  };
}
