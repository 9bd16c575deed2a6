import * as pulumi from "@pulumi/pulumi";
import { TcpEdgeCreateParams, TcpEdgeUpdateParams, type TcpEdge as TcpEdgeObject } from "../sdk";
import type { KindSpec } from "./framework/kind";
import { EdgeIngressResource, type ResourceArgs } from "./framework/resource";
import { modulesOf } from "./modules";

export const tcpEdgeKind: KindSpec<TcpEdgeObject> = {
  name: "TcpEdge",
  section: "§2.4, §4.3",
  createSchema: TcpEdgeCreateParams,
  updateSchema: TcpEdgeUpdateParams,
  defaults: { description: "", metadata: "" },
  // Hostports are served together: a set (§2.4).
  fieldTypes: { hostports: "set" },
  modules: modulesOf(["backend", "ipRestriction"]),
  outputs: ["uri", "createdAt"],
  api: (client) => client.tcpEdges,
};

export type TcpEdgeArgs = ResourceArgs<TcpEdgeCreateParams>;

/** TCP hostports with a backend and an IP restriction module. */
export class TcpEdge extends EdgeIngressResource {
  declare readonly hostports: pulumi.Output<string[]>;
  declare readonly backend: pulumi.Output<TcpEdgeCreateParams["backend"] | null>;
  declare readonly ipRestriction: pulumi.Output<TcpEdgeCreateParams["ipRestriction"] | null>;
  declare readonly description: pulumi.Output<string>;
  declare readonly metadata: pulumi.Output<string>;
  declare readonly uri: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: TcpEdgeArgs, opts?: pulumi.CustomResourceOptions) {
    super(tcpEdgeKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): TcpEdge {
    return new TcpEdge(name, undefined as unknown as TcpEdgeArgs, { ...opts, id });
  }
}
