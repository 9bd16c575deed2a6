/** Endpoints (spec §2.20, §4.11): read-only; an edge's hostports are served as `type: "edge"` endpoints. */
import { z } from "zod";
import { Ref, nullable, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { ReadResource } from "../core/resource";
import type * as types from "../types";

/** @internal */
export const Endpoint = z
  .object({
    id: z.string(),
    uri: z.string(),
    region: z.string().describe("The endpoint's region identifier."),
    createdAt: timestamp,
    updatedAt: timestamp.describe("When the endpoint last changed (RFC 3339), e.g. when the serving edge's metadata changed."),
    publicUrl: z.string().describe("`tcp://host:port`, `tls://…`, `https://…` for edges."),
    // Plain strings: a value added by the service later must not make reads fail.
    proto: z.string().describe("`http`, `https`, `tcp` or `tls`."),
    hostport: z.string().describe("The served `hostname:port`."),
    type: z.string().describe("`edge` or `ephemeral`."),
    metadata: text.describe("The metadata of the serving edge or tunnel."),
    domain: nullable(Ref).describe("The reserved domain of the endpoint; null when there is none."),
    tcpAddr: nullable(Ref).describe("The reserved address of the endpoint; null when there is none."),
    tunnel: nullable(Ref).describe("The serving tunnel, for `ephemeral` endpoints (served directly by an agent); null otherwise."),
    edge: nullable(Ref).describe("The serving edge, for `edge` endpoints; null otherwise."),
  })
  .describe("One active endpoint, as the API returns it (endpoints are read-only).");
export type Endpoint = types.Endpoint;

export class Endpoints extends ReadResource<Endpoint> {
  constructor(http: HttpClient) {
    super(http, { collectionPath: "/endpoints", listKey: "endpoints", model: Endpoint });
  }
}
export const endpointsIdPrefix = "ep_";
