/**
 * Event sources (spec §2.22, §4.13, §6): the event types that trigger an event subscription, one source
 * per type, addressed by subscription id and type. The list has no pages.
 */
import { z } from "zod";
import { params, parseParams, parseResponse, pathId } from "../core/fields";
import type { HttpClient, HttpMethod } from "../core/http";
import { PageIterator, listAll } from "../core/pagination";
import { path } from "../core/path";
import type { CreateOptions } from "../core/resource";
import type * as types from "../types";

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

type EventTypeName = `${(typeof EVENT_RESOURCES)[number]}_${"created" | "updated" | "deleted"}.v0`;

/** Every event type the service documents: `<resource>_{created,updated,deleted}.v0`. */
export const EVENT_TYPES = EVENT_RESOURCES.flatMap((resource) =>
  (["created", "updated", "deleted"] as const).map((change): EventTypeName => `${resource}_${change}.v0`),
) as readonly EventTypeName[] as readonly [EventTypeName, ...EventTypeName[]];

// One phrase instead of listing 57 values.
/** @internal */
export const EventType = z
  .enum(EVENT_TYPES, { error: "must be a known event type (<name>.v<N>, e.g. ip_policy_updated.v0)" })
  .describe("An event type a subscription's source can name: `<resource>_<created|updated|deleted>.v0`.");
export type EventType = types.EventType;

/** @internal */
export const EventSource = z.object({
  // A plain string: a type added by the service later must not make reads fail.
  type: z.string().describe("The event type, e.g. `ip_policy_updated.v0`; it names the source within its subscription."),
  uri: z.string(),
});
export type EventSource = types.EventSource;

/** @internal */
export const EventSourceCreateParams = params({
  type: EventType.describe("The event type to add, e.g. `ip_policy_created.v0`; a type the subscription already has is a conflict."),
});
export type EventSourceCreateParams = types.EventSourceCreateParams;

export class EventSources {
  constructor(private readonly http: HttpClient) {}

  /** Adds a source; a type the subscription already has is a ConflictError. */
  async create(subscriptionId: string, params: EventSourceCreateParams, options: CreateOptions = {}): Promise<EventSource> {
    const collectionPath = this.collectionPath(subscriptionId);
    return this.send("POST", collectionPath, parseParams(EventSourceCreateParams, params), options.idempotencyKey);
  }

  async get(subscriptionId: string, type: string): Promise<EventSource> {
    return this.send("GET", this.itemPath(subscriptionId, type));
  }

  /** PATCH with `{}`, the only body the service takes: nothing about a source can change. */
  async update(subscriptionId: string, type: string): Promise<EventSource> {
    return this.send("PATCH", this.itemPath(subscriptionId, type), {});
  }

  async delete(subscriptionId: string, type: string): Promise<void> {
    await this.http.request({ method: "DELETE", path: this.itemPath(subscriptionId, type) });
  }

  /** Every source of the subscription, in the order added (one page; no `limit`). */
  list(subscriptionId: string): PageIterator<EventSource> {
    return listAll(this.http, () => this.collectionPath(subscriptionId), "sources", EventSource, undefined);
  }

  private collectionPath(subscriptionId: string): string {
    return path`/event_subscriptions/${parseParams(pathId, subscriptionId, "subscriptionId")}/sources`;
  }

  private itemPath(subscriptionId: string, type: string): string {
    return this.collectionPath(subscriptionId) + path`/${parseParams(pathId, type, "type")}`;
  }

  private async send(method: HttpMethod, target: string, body?: unknown, idempotencyKey?: string): Promise<EventSource> {
    const { data, status, operationId, request } = await this.http.request({ method, path: target, body, idempotencyKey });
    return parseResponse(EventSource, data, status, operationId, request);
  }
}
