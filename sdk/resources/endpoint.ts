/** Endpoints (spec §2.20, §4.11): read-only; an edge's hostports are served as `type: "edge"` endpoints. */
import { z } from "zod";
import { Ref, nullable, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { ReadResource } from "../core/resource";
import type * as types from "../types";

/** @internal */
export const Endpoint = z.object({
  id: z.string(),
  uri: z.string(),
  region: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** `tcp://host:port`, `tls://…`, `https://…` for edges. */
  publicUrl: z.string(),
  // Plain strings: a value added by the service later must not make reads fail.
  /** `http`, `https`, `tcp` or `tls`. */
  proto: z.string(),
  hostport: z.string(),
  /** `edge` or `ephemeral`. */
  type: z.string(),
  /** The metadata of the serving edge or tunnel. */
  metadata: text,
  domain: nullable(Ref),
  tcpAddr: nullable(Ref),
  tunnel: nullable(Ref),
  edge: nullable(Ref),
});
export type Endpoint = types.Endpoint;

export class Endpoints extends ReadResource<Endpoint> {
  constructor(http: HttpClient) {
    super(http, { collection: "/endpoints", listKey: "endpoints", model: Endpoint });
  }
}
