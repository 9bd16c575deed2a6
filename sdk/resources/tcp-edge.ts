/** TCP edges (spec §2.4, §4.3): hostports served over TCP, with a backend and an IP restriction module. */
import { z } from "zod";
import { description, hostports, metadata, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { ModularCrudResource } from "../core/resource";
import { TcpEdgeModules, moduleRequestFields, moduleResponseFields } from "./modules";

export const TcpEdge = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  hostports: z.array(z.string()),
  ...moduleResponseFields(TcpEdgeModules),
});
export type TcpEdge = z.infer<typeof TcpEdge>;

export const TcpEdgeCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  hostports,
  ...moduleRequestFields(TcpEdgeModules),
});
export type TcpEdgeCreateParams = z.infer<typeof TcpEdgeCreateParams>;

/** A module given replaces that module wholly; one left out is unchanged (remove it with deleteModule). */
export const TcpEdgeUpdateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  hostports: hostports.optional(),
  ...moduleRequestFields(TcpEdgeModules),
});
export type TcpEdgeUpdateParams = z.infer<typeof TcpEdgeUpdateParams>;

export class TcpEdges extends ModularCrudResource<TcpEdge, TcpEdgeCreateParams, TcpEdgeUpdateParams, typeof TcpEdgeModules> {
  constructor(http: HttpClient) {
    super(
      http,
      {
        collection: "/edges/tcp",
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
