import * as pulumi from "@pulumi/pulumi";
import { ID_PREFIXES, TcpEdgeCreateParams, TcpEdgeUpdateParams, type TcpEdge as TcpEdgeObject } from "../sdk";
import type { KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import { EdgeIngressResource, type GetOptions, type AdoptArgs, type BackendModule, type BackendModuleArgs, type IpRestrictionModule, type IpRestrictionModuleArgs } from "./framework/resource";
import { modulesOf } from "./modules";

/** @internal */
export const tcpEdgeKind: KindSpec<TcpEdgeObject> = {
  name: "TcpEdge",
  section: "§2.4, §4.3",
  idForm: prefixed(ID_PREFIXES.tcpEdges),
  createSchema: TcpEdgeCreateParams,
  updateSchema: TcpEdgeUpdateParams,
  defaults: { description: "", metadata: "" },
  // Hostports are served together: a set (§2.4).
  fieldTypes: { hostports: "set" },
  modules: modulesOf(["backend", "ipRestriction"]),
  outputs: ["uri", "createdAt"],
  api: (client) => client.tcpEdges,
  export: { label: (o) => o.hostports?.[0] },
};

export interface TcpEdgeArgs extends AdoptArgs {
  /** `host:port` addresses the edge serves (at least one, none repeated); order means nothing. */
  hostports: pulumi.Input<pulumi.Input<string>[]>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
  /** Where traffic goes. */
  backend?: pulumi.Input<BackendModuleArgs>;
  /** Guards access: only the ranges of these IP policies. */
  ipRestriction?: pulumi.Input<IpRestrictionModuleArgs>;
}


/** TCP hostports with a backend and an IP restriction module. */
export class TcpEdge extends EdgeIngressResource {
  /** `host:port` addresses the edge serves. */
  declare readonly hostports: pulumi.Output<string[]>;
  /** Each module as the service reports it, in the input shape; null when unset. */
  declare readonly backend: pulumi.Output<BackendModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly ipRestriction: pulumi.Output<IpRestrictionModule | null>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The resource's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: TcpEdgeArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: TcpEdgeArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(tcpEdgeKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): TcpEdge {
    return new TcpEdge(name, undefined, { ...opts, id });
  }
}
