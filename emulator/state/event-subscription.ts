/**
 * Event subscriptions (an extension: §6 leaves the resource unstated). A subscription sends the events of
 * its sources to its destinations. Sources are managed through the sources endpoints (event-source.ts);
 * create also takes them inline, so one request makes the whole subscription or nothing.
 */
import { z } from "zod";
import { ApiError, preview } from "../errors";
import type { KindDef, Store } from "./store";
import { eventDestinations } from "./event-destination";
import { eventType } from "./event-source";
import { baseRecordFields, checkReferences, commonFields, newBase, parseBody, patchRecord } from "./validation";

const eventSubscriptionRecord = z.strictObject({
  ...baseRecordFields,
  destination_ids: z.array(z.string()),
  /** The subscription's sources, in the order they were added. */
  source_types: z.array(eventType),
});
export type EventSubscriptionRecord = z.infer<typeof eventSubscriptionRecord>;

export const eventSubscriptions: KindDef<EventSubscriptionRecord> = {
  collection: "event_subscriptions",
  prefix: "esb",
  label: "event subscription",
  path: "/event_subscriptions",
  record: eventSubscriptionRecord,
};

/** One source per type (§4.13), also within one create body. */
const inlineSources = z.array(z.strictObject({ type: eventType })).superRefine((sources, ctx) => {
  const types = sources.map((source) => source.type);
  types.forEach((type, i) => {
    const first = types.indexOf(type);
    if (first === i) return;
    const rule = `must not repeat sources[${first}].type`;
    ctx.addIssue({ code: "custom", message: `${rule}, got ${preview(type)}`, params: { rule }, path: [i, "type"] });
  });
});

const destinationIds = z.array(z.string()).min(1);
const createSchema = z.strictObject({
  ...commonFields,
  destination_ids: destinationIds,
  sources: inlineSources.optional(),
});
// `sources` is not accepted here: after creation they change only through the sources endpoints.
const updateSchema = z.strictObject({ ...commonFields, destination_ids: destinationIds.optional() });

const checkDestinationIds = (store: Store, ids: readonly string[] | undefined) =>
  checkReferences(store.collection(eventDestinations), "destination_ids", ids);

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
  return patchRecord(store.collection(eventSubscriptions), id, updateSchema, body, {
    check: (input) => checkDestinationIds(store, input.destination_ids),
  });
}

/**
 * Deleting a destination that a subscription still references is refused (409 naming the oldest such
 * subscription), so a subscription's destinations always exist. Here rather than in event-destination.ts
 * because it reads subscriptions, which already depend on destinations.
 */
export function deleteEventDestination(store: Store, id: string): void {
  const destinations = store.collection(eventDestinations);
  destinations.require(id);
  const users = store.collection(eventSubscriptions).all().filter((s) => s.destination_ids.includes(id));
  if (users.length > 0) {
    const more = users.length > 1 ? ` (and ${users.length - 1} more)` : "";
    throw new ApiError(
      "CONFLICT",
      `event destination ${id} is used by event subscription ${users[0].id}${more}; remove it from their destination_ids first`,
    );
  }
  destinations.remove(id);
}
