import * as pulumi from "@pulumi/pulumi";
import { TlsEdgeCreateParams, TlsEdgeUpdateParams, type TlsEdge as TlsEdgeObject } from "../sdk";
import type { KindSpec } from "./framework/kind";
import { EdgeIngressResource, type ResourceArgs } from "./framework/resource";
import { modulesOf } from "./modules";

export const tlsEdgeKind: KindSpec<TlsEdgeObject> = {
  name: "TlsEdge",
  section: "§2.5, §4.4",
  createSchema: TlsEdgeCreateParams,
  updateSchema: TlsEdgeUpdateParams,
  defaults: { description: "", metadata: "" },
  fieldTypes: { hostports: "set" },
  modules: modulesOf(["backend", "ipRestriction", "mutualTls", "tlsTermination"]),
  outputs: ["uri", "createdAt"],
  api: (client) => client.tlsEdges,
};

export type TlsEdgeArgs = ResourceArgs<TlsEdgeCreateParams>;

/** TLS hostports with backend, IP restriction, mutual TLS and TLS termination modules. */
export class TlsEdge extends EdgeIngressResource {
  declare readonly hostports: pulumi.Output<string[]>;
  declare readonly backend: pulumi.Output<TlsEdgeCreateParams["backend"] | null>;
  declare readonly ipRestriction: pulumi.Output<TlsEdgeCreateParams["ipRestriction"] | null>;
  declare readonly mutualTls: pulumi.Output<TlsEdgeCreateParams["mutualTls"] | null>;
  declare readonly tlsTermination: pulumi.Output<TlsEdgeCreateParams["tlsTermination"] | null>;
  declare readonly description: pulumi.Output<string>;
  declare readonly metadata: pulumi.Output<string>;
  declare readonly uri: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: TlsEdgeArgs, opts?: pulumi.CustomResourceOptions) {
    super(tlsEdgeKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): TlsEdge {
    return new TlsEdge(name, undefined as unknown as TlsEdgeArgs, { ...opts, id });
  }
}
