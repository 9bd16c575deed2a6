/**
 * Event destinations (§2.21, §4.12): where events are delivered. The target has exactly one member set.
 * Credentials in it (`secret_access_key`, monitoring `api_key`) are returned in responses, as the spec's
 * shapes show, so they are stored as sent; no message ever quotes them.
 */
import { z } from "zod";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { addRule, baseRecordFields, commonFields, newBase, parseBody, patchRecord } from "./validation";
import { resourceUri } from "./wire";

export const EVENT_FORMATS = ["json"] as const;
export const TARGET_MEMBERS = ["delivery", "stream", "logs", "monitoring"] as const;
export const AUTH_MEMBERS = ["role", "creds"] as const;

const NON_EMPTY = "must not be empty";
/** A non-empty string; the rule does not quote the value, which may be a secret. */
const nonEmpty = z.string().superRefine((value, ctx) => {
  if (value === "") addRule(ctx, [], NON_EMPTY);
});

/** Exactly one of `names` is set (present and not null) on the object being refined. */
function exactlyOne(names: readonly string[]) {
  const rule = `must have exactly one of ${names.join(", ")} set`;
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const set = names.filter((name) => value[name] !== undefined && value[name] !== null);
    if (set.length !== 1) addRule(ctx, [], rule, set.join(", ") || "none");
  };
}

// Unset members may be sent as null or left out: a response fed back as a request is accepted.
const auth = z
  .strictObject({
    role: z.strictObject({ role_resource_name: nonEmpty }).nullish(),
    creds: z.strictObject({ access_key_id: nonEmpty, secret_access_key: nonEmpty }).nullish(),
  })
  .superRefine(exactlyOne(AUTH_MEMBERS));

const targetInput = z
  .strictObject({
    delivery: z.strictObject({ auth, delivery_stream_resource_name: nonEmpty }).nullish(),
    stream: z.strictObject({ auth, stream_resource_name: nonEmpty }).nullish(),
    logs: z.strictObject({ auth, log_group_resource_name: nonEmpty }).nullish(),
    monitoring: z
      .strictObject({ api_key: nonEmpty, tags: z.string().optional(), service: z.string().optional(), site: z.string().optional() })
      .nullish(),
  })
  .superRefine(exactlyOne(TARGET_MEMBERS));

type TargetInput = z.infer<typeof targetInput>;
type AuthInput = z.infer<typeof auth>;

/** The stored and returned form: every member present, unset ones null, optional text "". */
function normalizeTarget(t: TargetInput) {
  const authOf = (a: AuthInput) => ({ role: a.role ?? null, creds: a.creds ?? null });
  return {
    delivery: t.delivery
      ? { auth: authOf(t.delivery.auth), delivery_stream_resource_name: t.delivery.delivery_stream_resource_name }
      : null,
    stream: t.stream ? { auth: authOf(t.stream.auth), stream_resource_name: t.stream.stream_resource_name } : null,
    logs: t.logs ? { auth: authOf(t.logs.auth), log_group_resource_name: t.logs.log_group_resource_name } : null,
    monitoring: t.monitoring
      ? { api_key: t.monitoring.api_key, tags: t.monitoring.tags ?? "", service: t.monitoring.service ?? "", site: t.monitoring.site ?? "" }
      : null,
  };
}
export type EventTarget = ReturnType<typeof normalizeTarget>;
/** A valid target, parsed into its normalized form (so PATCH stores it as create does). */
const target = targetInput.transform(normalizeTarget);

const format = z.enum(EVENT_FORMATS);

const eventDestinationRecord = z.strictObject({
  ...baseRecordFields,
  format,
  target,
});
export type EventDestinationRecord = z.infer<typeof eventDestinationRecord>;

export const eventDestinations: KindRules<EventDestinationRecord> = {
  collectionKey: "event_destinations",
  prefix: "ed",
  label: "event destination",
  path: "/event_destinations",
  record: eventDestinationRecord,
  listKey: "event_destinations",
  render,
  create: (call) => render(createEventDestination(call.store, call.body), call.baseUrl),
  update: (call, id) => updateEventDestination(call.store, id, call.body),
  reference: {
    title: "Event destinations",
    create: (ex) => ({
      ...ex.common,
      format: "json",
      target: {
        stream: {
          auth: { role: { role_resource_name: "arn:example:iam::123456789012:role/events" } },
          stream_resource_name: "arn:example:stream:events",
        },
      },
    }),
    update: () => ({ description: "audit stream" }),
  },
};

const createSchema = z.strictObject({ ...commonFields, format: format.optional(), target });
// PATCH (an extension beyond metadata): a target sent replaces the whole target.
const updateSchema = z.strictObject({ ...commonFields, format: format.optional(), target: target.optional() });

export function createEventDestination(store: Store, body: Record<string, unknown>): EventDestinationRecord {
  const input = parseBody(createSchema, body);
  return store.collection(eventDestinations).insert({
    ...newBase(store, eventDestinations, input),
    format: input.format ?? "json",
    target: input.target,
  });
}

export function updateEventDestination(store: Store, id: string, body: Record<string, unknown>): EventDestinationRecord {
  return patchRecord(store.collection(eventDestinations), id, updateSchema, body);
}

/** §2.21 field order; the target is stored in its response form (unset members null). */
function render(record: EventDestinationRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, eventDestinations, record.id),
    metadata: record.metadata,
    created_at: record.created_at,
    description: record.description,
    format: record.format,
    target: record.target,
  };
}
