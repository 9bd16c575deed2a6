/**
 * HTTPS edges (spec §2.6, §4.5): hostports served over HTTPS, with mutual TLS and TLS termination
 * modules; routes are read here and changed through `client.httpsEdgeRoutes`.
 */
import { z } from "zod";
import { description, hostports, metadata, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { ModularCrudResource } from "../core/resource";
import { HttpsEdgeRoute } from "./https-edge-route";
import { HttpsEdgeModules, moduleRequestFields, moduleResponseFields } from "./modules";
import type * as types from "../types";

/** @internal */
export const HttpsEdge = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  hostports: z.array(z.string()).describe("The `host:port` addresses the edge serves; each is also an endpoint of the edge."),
  ...moduleResponseFields(HttpsEdgeModules),
  routes: z.array(HttpsEdgeRoute).default([]).describe("Oldest first."),
});
export type HttpsEdge = types.HttpsEdge;

/** @internal */
export const HttpsEdgeCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  hostports: hostports.describe(
    "The `host:port` addresses the edge serves: at least one, none repeated, each a lowercase DNS name (optionally `*.` in front) and a port from 1 to 65535. A hostport that another edge serves is refused.",
  ),
  ...moduleRequestFields(HttpsEdgeModules),
});
export type HttpsEdgeCreateParams = types.HttpsEdgeCreateParams;

/** @internal */
export const HttpsEdgeUpdateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  hostports: hostports
    .optional()
    .describe(
      "The `host:port` addresses the edge serves; given, they replace the whole list (at least one, none repeated). A hostport that another edge serves is refused.",
    ),
  ...moduleRequestFields(HttpsEdgeModules),
}).describe(
  "The params to update one HTTPS edge: only the fields given are changed. A module given replaces that module wholly; one left out is unchanged (remove it with deleteModule).",
);
export type HttpsEdgeUpdateParams = types.HttpsEdgeUpdateParams;

export class HttpsEdges extends ModularCrudResource<HttpsEdge, HttpsEdgeCreateParams, HttpsEdgeUpdateParams, HttpsEdgeModules> {
  constructor(http: HttpClient) {
    super(
      http,
      {
        collectionPath: "/edges/https",
        listKey: "httpsEdges",
        model: HttpsEdge,
        createParams: HttpsEdgeCreateParams,
        updateParams: HttpsEdgeUpdateParams,
      },
      HttpsEdgeModules,
    );
  }
}
export const httpsEdgesIdPrefix = "edghts_";
