/**
 * Event subscriptions (an extension: §6 leaves the resource unstated). A subscription sends the events of
 * its sources to its destinations. Sources are managed through the sources endpoints (event-source.ts);
 * create also takes them inline, so one request makes the whole subscription or nothing, and PATCH may
 * replace the whole list.
 */
import { z } from "zod";
import { preview } from "../errors";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { eventDestinations } from "./event-destination";
import { addRule, baseRecordFields, checkRefs, commonFields, newBase, parseBody } from "./validation";
import { ref, resourceUri } from "./wire";

/** Resources whose changes emit events, by event-type name (§6 leaves the complete list unstated). */
const EVENT_RESOURCES = [
  "api_key",
  "ip_policy",
  "ip_restriction",
  "tcp_edge",
  "tls_edge",
  "https_edge",
  "https_edge_route",
  "tunnel_group_backend",
  "weighted_backend",
  "failover_backend",
  "reserved_domain",
  "certificate_authority",
  "tls_certificate",
  "ssh_credential",
  "ssh_certificate_authority",
  "ssh_user_certificate",
  "ssh_host_certificate",
  "event_destination",
  "event_subscription",
] as const;

/** Every event type the emulator knows: `<resource>_{created,updated,deleted}.v0`. */
export const EVENT_TYPES: readonly string[] = EVENT_RESOURCES.flatMap((resource) =>
  ["created", "updated", "deleted"].map((change) => `${resource}_${change}.v0`),
);

const KNOWN_TYPE = "must be a known event type (<name>.v<N>, e.g. ip_policy_updated.v0)";
export const eventType = z.string().superRefine((value, ctx) => {
  if (!EVENT_TYPES.includes(value)) addRule(ctx, [], KNOWN_TYPE, preview(value));
});

const eventSubscriptionRecord = z.strictObject({
  ...baseRecordFields,
  destination_ids: z.array(z.string()),
  /** The subscription's sources, in the order they were added. */
  source_types: z.array(eventType),
});
export type EventSubscriptionRecord = z.infer<typeof eventSubscriptionRecord>;

export const eventSubscriptions: KindRules<EventSubscriptionRecord> = {
  collectionKey: "event_subscriptions",
  prefix: "esb",
  label: "event subscription",
  path: "/event_subscriptions",
  record: eventSubscriptionRecord,
  // A destination cannot be deleted while a subscription names it, so a subscription's destinations exist.
  uses: (r) => r.destination_ids,
  listKey: "event_subscriptions",
  render,
  create: (call) => render(createEventSubscription(call.store, call.body), call.baseUrl),
  update: (call, id) => updateEventSubscription(call.store, id, call.body),
  reference: {
    title: "Event subscriptions",
    extension: true,
    create: (ex) => ({ ...ex.common, destination_ids: [ex.id("/event_destinations")], sources: [{ type: "ip_policy_created.v0" }] }),
    update: () => ({ description: "policy changes" }),
  },
};

/** One source per type (§4.13), also within one create body. */
const inlineSources = z.array(z.strictObject({ type: eventType })).superRefine((sources, ctx) => {
  const types = sources.map((source) => source.type);
  types.forEach((type, i) => {
    const first = types.indexOf(type);
    if (first === i) return;
    addRule(ctx, [i, "type"], `must not repeat sources[${first}].type`, preview(type));
  });
});

const destinationIds = z.array(z.string()).min(1);
const createSchema = z.strictObject({
  ...commonFields,
  destination_ids: destinationIds,
  sources: inlineSources.optional(),
});
// `sources` sent on PATCH replaces the whole list, with the rules of create.
const updateSchema = z.strictObject({ ...commonFields, destination_ids: destinationIds.optional(), sources: inlineSources.optional() });

const checkDestinationIds = (store: Store, ids: readonly string[] | undefined) =>
  checkRefs(store, eventDestinations, ids, "destination_ids");

export function createEventSubscription(store: Store, body: Record<string, unknown>): EventSubscriptionRecord {
  const input = parseBody(createSchema, body);
  checkDestinationIds(store, input.destination_ids);
  return store.collection(eventSubscriptions).insert({
    ...newBase(store, eventSubscriptions, input),
    destination_ids: input.destination_ids,
    source_types: (input.sources ?? []).map((source) => source.type),
  });
}

export function updateEventSubscription(store: Store, id: string, body: Record<string, unknown>): EventSubscriptionRecord {
  const collection = store.collection(eventSubscriptions);
  const current = collection.require(id);
  const input = parseBody(updateSchema, body);
  checkDestinationIds(store, input.destination_ids);
  return collection.replace({
    ...current,
    description: input.description ?? current.description,
    metadata: input.metadata ?? current.metadata,
    destination_ids: input.destination_ids ?? current.destination_ids,
    source_types: input.sources ? input.sources.map((source) => source.type) : current.source_types,
  });
}

function render(record: EventSubscriptionRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, eventSubscriptions, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    destinations: record.destination_ids.map((id) => ref(baseUrl, eventDestinations, id)),
    sources: record.source_types.map((type) => renderSource(baseUrl, record.id, type)),
  };
}

/** Absolute URI of a subscription's sources collection. */
export function sourcesUri(baseUrl: string, subscriptionId: string): string {
  return `${resourceUri(baseUrl, eventSubscriptions, subscriptionId)}/sources`;
}

/** `{type, uri}` (§2.22): a source is identified within its subscription by its type. */
export function renderSource(baseUrl: string, subscriptionId: string, type: string) {
  return { type, uri: `${sourcesUri(baseUrl, subscriptionId)}/${type}` };
}
