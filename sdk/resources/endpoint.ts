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
    region: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
    publicUrl: z.string().describe("`tcp://host:port`, `tls://…`, `https://…` for edges."),
    // Plain strings: a value added by the service later must not make reads fail.
    proto: z.string().describe("`http`, `https`, `tcp` or `tls`."),
    hostport: z.string(),
    type: z.string().describe("`edge` or `ephemeral`."),
    metadata: text.describe("The metadata of the serving edge or tunnel."),
    domain: nullable(Ref),
    tcpAddr: nullable(Ref),
    tunnel: nullable(Ref),
    edge: nullable(Ref),
  })
  .describe("One active endpoint, as the API returns it (endpoints are read-only).");
export type Endpoint = types.Endpoint;

export class Endpoints extends ReadResource<Endpoint> {
  constructor(http: HttpClient) {
    super(http, { collectionPath: "/endpoints", listKey: "endpoints", model: Endpoint });
  }
}
export const endpointsIdPrefix = "ep_";
