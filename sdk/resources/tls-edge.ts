/**
 * TLS edges (spec §2.5, §4.4): hostports served over TLS, with backend, IP restriction, mutual TLS
 * and TLS termination modules.
 */
import { z } from "zod";
import { description, hostports, metadata, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { ModularCrudResource } from "../core/resource";
import { TlsEdgeModules, moduleRequestFields, moduleResponseFields } from "./modules";
import type * as types from "../types";

/** @internal */
export const TlsEdge = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  hostports: z.array(z.string()).describe("The `host:port` addresses the edge serves; each is also an endpoint of the edge."),
  ...moduleResponseFields(TlsEdgeModules),
});
export type TlsEdge = types.TlsEdge;

// TLS that passes through to the upstream leaves the edge nothing to check client certificates with.
// Only a body holding both can be checked here (the issue is on terminateAt, as the service reports
// it); the service also checks against the stored edge.
function passThroughRule(v: { tlsTermination?: { terminateAt?: string }; mutualTls?: unknown }, ctx: z.core.$RefinementCtx): void {
  if (v.tlsTermination?.terminateAt === "upstream" && v.mutualTls !== undefined) {
    ctx.addIssue({ code: "custom", path: ["tlsTermination", "terminateAt"], message: "must not be upstream while mutualTls is set" });
  }
}

/** @internal */
export const TlsEdgeCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  hostports: hostports.describe(
    "The `host:port` addresses the edge serves: at least one, none repeated, each a lowercase DNS name (optionally `*.` in front) and a port from 1 to 65535. A hostport that another edge serves is refused.",
  ),
  ...moduleRequestFields(TlsEdgeModules),
}).superRefine(passThroughRule);
export type TlsEdgeCreateParams = types.TlsEdgeCreateParams;

/** @internal */
export const TlsEdgeUpdateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  hostports: hostports
    .optional()
    .describe(
      "The `host:port` addresses the edge serves; given, they replace the whole list (at least one, none repeated). A hostport that another edge serves is refused.",
    ),
  ...moduleRequestFields(TlsEdgeModules),
})
  .superRefine(passThroughRule)
  .describe(
    "The params to update one TLS edge: only the fields given are changed. A module given replaces that module wholly; one left out is unchanged (remove it with deleteModule).",
  );
export type TlsEdgeUpdateParams = types.TlsEdgeUpdateParams;

export class TlsEdges extends ModularCrudResource<TlsEdge, TlsEdgeCreateParams, TlsEdgeUpdateParams, TlsEdgeModules> {
  constructor(http: HttpClient) {
    super(
      http,
      {
        collectionPath: "/edges/tls",
        listKey: "tlsEdges",
        model: TlsEdge,
        createParams: TlsEdgeCreateParams,
        updateParams: TlsEdgeUpdateParams,
      },
      TlsEdgeModules,
    );
  }
}
export const tlsEdgesIdPrefix = "edgtls_";
