/**
 * Event subscriptions (the service's extension; spec §6 leaves them unstated): the events of their
 * sources go to their destinations. Sources may be given inline at creation; afterwards they change
 * through `client.eventSources`.
 */
import { z } from "zod";
import { Ref, description, idList, metadata, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import { eventDestinationsIdPrefix } from "./event-destination";
import { EventSource, EventSourceCreateParams } from "./event-source";
import type * as types from "../types";

export const eventSubscriptionsIdPrefix = "esb_";

/** @internal */
export const EventSubscription = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  destinations: z.array(Ref).describe("The event destinations the events go to."),
  sources: z
    .array(EventSource)
    .describe("The event types that trigger the subscription, one source per type, in the order they were added."),
});
export type EventSubscription = types.EventSubscription;

/** One source per type (spec §4.13), so a type may not repeat in the list. */
const inlineSources = z.array(EventSourceCreateParams, { error: "must be a list" }).superRefine((sources, ctx) => {
  const types = sources.map((source) => source.type);
  types.forEach((type, i) => {
    const first = types.indexOf(type);
    if (first !== i) ctx.addIssue({ code: "custom", message: `must not repeat sources[${first}].type`, path: [i, "type"] });
  });
});

/** @internal */
export const EventSubscriptionCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  destinationIds: idList(eventDestinationsIdPrefix).describe(
    "The event destinations (`ed_`) the events go to: at least one, none repeated, each an existing destination.",
  ),
  sources: inlineSources.optional().describe("Made together with the subscription, in one request."),
});
export type EventSubscriptionCreateParams = types.EventSubscriptionCreateParams;

// No `sources`: after creation they change through client.eventSources.
/** @internal */
export const EventSubscriptionUpdateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  destinationIds: idList(eventDestinationsIdPrefix)
    .optional()
    .describe("When given, replaces the whole list (still at least one `ed_` id, none repeated); left out, it is unchanged."),
});
export type EventSubscriptionUpdateParams = types.EventSubscriptionUpdateParams;

export class EventSubscriptions extends CrudResource<EventSubscription, EventSubscriptionCreateParams, EventSubscriptionUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/event_subscriptions",
      listKey: "eventSubscriptions",
      model: EventSubscription,
      createParams: EventSubscriptionCreateParams,
      updateParams: EventSubscriptionUpdateParams,
    });
  }
}
