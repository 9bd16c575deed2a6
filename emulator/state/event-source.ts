/**
 * Event sources (§2.22, §4.13, §6): the event types that trigger an event subscription, one source per
 * type. Sources live inside their subscription's record, so they are saved and deleted with it.
 */
import { z } from "zod";
import { ApiError, fieldError, preview } from "../errors";
import type { Collection } from "./store";
import type { KindReference } from "./rules";
import { eventType, type EventSubscriptionRecord } from "./event-subscription";
import { parseBody } from "./validation";

const createSchema = z.strictObject({ type: eventType });
/** The spec shows only `{}`: nothing about a source can change. */
const updateSchema = z.strictObject({});

function requireSource(subscriptions: Collection<EventSubscriptionRecord>, subscriptionId: string, type: string): EventSubscriptionRecord {
  const subscription = subscriptions.require(subscriptionId);
  if (!subscription.source_types.includes(type)) {
    throw new ApiError("NOT_FOUND", `no source of type ${preview(type)} in event subscription ${JSON.stringify(subscriptionId)}`);
  }
  return subscription;
}

/** Sources of a subscription, in the order they were added. */
export function listEventSources(subscriptions: Collection<EventSubscriptionRecord>, subscriptionId: string): readonly string[] {
  return subscriptions.require(subscriptionId).source_types;
}

export function addEventSource(
  subscriptions: Collection<EventSubscriptionRecord>,
  subscriptionId: string,
  body: Record<string, unknown>,
): string {
  const subscription = subscriptions.require(subscriptionId);
  const { type } = parseBody(createSchema, body);
  if (subscription.source_types.includes(type)) {
    throw fieldError("CONFLICT", "type", "must not already be a source of the event subscription", preview(type));
  }
  subscriptions.replace({ ...subscription, source_types: [...subscription.source_types, type] });
  return type;
}

export function getEventSource(subscriptions: Collection<EventSubscriptionRecord>, subscriptionId: string, type: string): string {
  requireSource(subscriptions, subscriptionId, type);
  return type;
}

/** Validates the (empty) body and answers the unchanged source. */
export function updateEventSource(
  subscriptions: Collection<EventSubscriptionRecord>,
  subscriptionId: string,
  type: string,
  body: Record<string, unknown>,
): string {
  requireSource(subscriptions, subscriptionId, type);
  parseBody(updateSchema, body);
  return type;
}

export function removeEventSource(subscriptions: Collection<EventSubscriptionRecord>, subscriptionId: string, type: string): void {
  const subscription = requireSource(subscriptions, subscriptionId, type);
  subscriptions.replace({ ...subscription, source_types: subscription.source_types.filter((t) => t !== type) });
}

/** Event sources' section of the API reference (they are no store kind: they live in their subscription). */
export const eventSourcesReference: KindReference = {
  title: "Event sources",
  create: () => ({ type: "ip_policy_deleted.v0" }),
  update: () => ({}),
};
