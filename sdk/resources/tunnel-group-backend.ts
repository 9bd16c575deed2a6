/** Tunnel group backends (spec §2.9, §4.7): traffic goes to the tunnels carrying every given label. */
import { z } from "zod";
import { Ref, description, metadata, params, string, stringMap, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import type * as types from "../types";

export const tunnelGroupBackendsIdPrefix = "bkdtg_";

/** @internal */
export const TunnelGroupBackend = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  labels: z.record(z.string(), z.string()).default({}).describe("Label names are user data: they are never case-converted."),
  tunnels: z.array(Ref).default([]).describe("Tunnels currently matching the labels."),
});
export type TunnelGroupBackend = types.TunnelGroupBackend;

const labels = stringMap(string, string).refine((m) => !Object.hasOwn(m, ""), { error: "keys must not be empty" });

/** @internal */
export const TunnelGroupBackendCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  labels: labels
    .optional()
    .describe(
      "The labels a tunnel must carry, all of them, to take this backend's traffic; names must not be empty. Left out at creation, there are none; given on update, it replaces the whole map.",
    ),
});
export type TunnelGroupBackendCreateParams = types.TunnelGroupBackendCreateParams;

/** The create params under their own doc (a described copy). @internal */
export const TunnelGroupBackendUpdateParams = TunnelGroupBackendCreateParams.describe(
  "The params to update one tunnel group backend: only the fields given are changed. `labels`, when given, replaces the whole map.",
);
export type TunnelGroupBackendUpdateParams = types.TunnelGroupBackendUpdateParams;

export class TunnelGroupBackends extends CrudResource<TunnelGroupBackend, TunnelGroupBackendCreateParams, TunnelGroupBackendUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/backends/tunnel_group",
      listKey: "backends",
      model: TunnelGroupBackend,
      createParams: TunnelGroupBackendCreateParams,
      updateParams: TunnelGroupBackendUpdateParams,
    });
  }
}
