/** TCP edges (spec §2.4, §4.3): hostports served over TCP, with a backend and an IP restriction module. */
import { z } from "zod";
import { description, hostports, metadata, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { ModularCrudResource } from "../core/resource";
import { TcpEdgeModules, moduleRequestFields, moduleResponseFields } from "./modules";
import type * as types from "../types";

/** @internal */
export const TcpEdge = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  hostports: z.array(z.string()).describe("The `host:port` addresses the edge serves; each is also an endpoint of the edge."),
  ...moduleResponseFields(TcpEdgeModules),
});
export type TcpEdge = types.TcpEdge;

/** @internal */
export const TcpEdgeCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  hostports: hostports.describe(
    "The `host:port` addresses the edge serves: at least one, none repeated, each a lowercase DNS name (optionally `*.` in front) and a port from 1 to 65535. A hostport that another edge serves is refused.",
  ),
  ...moduleRequestFields(TcpEdgeModules),
});
export type TcpEdgeCreateParams = types.TcpEdgeCreateParams;

/** @internal */
export const TcpEdgeUpdateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  hostports: hostports
    .optional()
    .describe(
      "The `host:port` addresses the edge serves; given, they replace the whole list (at least one, none repeated). A hostport that another edge serves is refused.",
    ),
  ...moduleRequestFields(TcpEdgeModules),
}).describe(
  "The params to update one TCP edge: only the fields given are changed. A module given replaces that module wholly; one left out is unchanged (remove it with deleteModule).",
);
export type TcpEdgeUpdateParams = types.TcpEdgeUpdateParams;

export class TcpEdges extends ModularCrudResource<TcpEdge, TcpEdgeCreateParams, TcpEdgeUpdateParams, TcpEdgeModules> {
  constructor(http: HttpClient) {
    super(
      http,
      {
        collectionPath: "/edges/tcp",
        listKey: "tcpEdges",
        model: TcpEdge,
        createParams: TcpEdgeCreateParams,
        updateParams: TcpEdgeUpdateParams,
      },
      TcpEdgeModules,
    );
  }
}
export const tcpEdgesIdPrefix = "edgtcp_";
