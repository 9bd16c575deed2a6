/** Tunnel group backends (spec §2.9, §4.7): traffic goes to the tunnels carrying every given label. */
import { z } from "zod";
import { Ref, description, metadata, params, string, stringMap, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import { ID_PREFIXES } from "../core/id-prefixes";
import type * as types from "../types";

export const TUNNEL_GROUP_BACKEND_ID_PREFIX = ID_PREFIXES.tunnelGroupBackends;

/** @internal */
export const TunnelGroupBackend = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  /** Label names are user data: they are never case-converted. */
  labels: z.record(z.string(), z.string()).default({}),
  /** Tunnels currently matching the labels. */
  tunnels: z.array(Ref).default([]),
});
export type TunnelGroupBackend = types.TunnelGroupBackend;

const labels = stringMap(string, string).refine((m) => !Object.hasOwn(m, ""), { error: "keys must not be empty" });

/** @internal */
export const TunnelGroupBackendCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  labels: labels.optional(),
});
export type TunnelGroupBackendCreateParams = types.TunnelGroupBackendCreateParams;

/** `labels`, when given, replaces the whole map. @internal */
export const TunnelGroupBackendUpdateParams = TunnelGroupBackendCreateParams;
export type TunnelGroupBackendUpdateParams = TunnelGroupBackendCreateParams;

export class TunnelGroupBackends extends CrudResource<TunnelGroupBackend, TunnelGroupBackendCreateParams, TunnelGroupBackendUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collection: "/backends/tunnel_group",
      listKey: "backends",
      model: TunnelGroupBackend,
      createParams: TunnelGroupBackendCreateParams,
      updateParams: TunnelGroupBackendUpdateParams,
    });
  }
}
