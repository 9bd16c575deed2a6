import * as pulumi from "@pulumi/pulumi";
import {
  isResourceOf,
  resourceArgs,
  type AdoptArgs,
  type BackendModule,
  type CircuitBreakerModule,
  type EnabledModule,
  type GetOptions,
  type HeadersModule,
  type HttpsTlsTerminationModuleArgs,
  type IpRestrictionModule,
  type MutualTlsModule,
  type MutualTlsModuleArgs,
  type OAuthModule,
  type ResourceKind,
  type SamlModule,
  type TlsTerminationModule,
  type WebhookVerificationModule,
} from "../framework/resource";
import type { HttpsEdgeRouteArgs, MatchType } from "./https-edge-route";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const httpsEdgeResource: ResourceKind = {
  name: "HttpsEdge",
  inputs: ["description", "metadata", "hostports", "mutualTls", "tlsTermination", "routes"],
  // Inline routes (issue 24): their ids, and their credential-holding modules kept apart as a secret.
  outputs: ["uri", "createdAt", "routeIds", "routeSecretModules"],
  ownedSecrets: { input: "routes", output: "routeSecretModules", fields: ["oauth", "webhookVerification"] },
};

/** One route of an edge's inline `routes`: what an HttpsEdgeRoute declares, less its edge. */
export type HttpsEdgeInlineRouteArgs = Omit<HttpsEdgeRouteArgs, "edgeId" | "adopt" | "connection">;

/** One route of an edge's `routes` output, as the service has it (its `oauth` and `webhookVerification` are in `routeSecretModules`). */
export interface HttpsEdgeInlineRoute {
  /** How `match` is compared with the request path. */
  matchType: MatchType;
  /** A path, a host, or host plus path. */
  match: string;
  /** Human-readable. */
  description: string;
  /** Arbitrary user data. */
  metadata: string;
  /** Each module as the service reports it, in the input shape; null when unset. */
  backend: BackendModule | null;
  /** As the service reports it, in the input shape; null when unset. */
  ipRestriction: IpRestrictionModule | null;
  /** As the service reports it, in the input shape; null when unset. */
  circuitBreaker: CircuitBreakerModule | null;
  /** As the service reports it, in the input shape; null when unset. */
  compression: EnabledModule | null;
  /** As the service reports it, in the input shape; null when unset. */
  requestHeaders: HeadersModule | null;
  /** As the service reports it, in the input shape; null when unset. */
  responseHeaders: HeadersModule | null;
  /** As the service reports it, in the input shape; null when unset (without its service-provider fields). */
  saml: SamlModule | null;
  /** As the service reports it, in the input shape; null when unset. */
  oidc: EnabledModule | null;
  /** As the service reports it, in the input shape; null when unset. */
  websocketTcpConverter: EnabledModule | null;
  /** As the service reports it, in the input shape; null when unset. */
  userAgentFilter: EnabledModule | null;
  /** As the service reports it, in the input shape; null when unset. */
  jwtValidation: EnabledModule | null;
}

/** The credential-holding modules of one inline route (secret, with the rest of `routeSecretModules`). */
export interface HttpsEdgeInlineRouteSecrets {
  /** As the service reports it, in the input shape; null when unset. */
  oauth: OAuthModule | null;
  /** As the service reports it, in the input shape; null when unset. */
  webhookVerification: WebhookVerificationModule | null;
}

export interface HttpsEdgeArgs extends AdoptArgs {
  /** `host:port` addresses the edge serves (at least one, none repeated); order means nothing. */
  hostports: pulumi.Input<pulumi.Input<string>[]>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
  /** Guards access: clients present a certificate from these authorities. */
  mutualTls?: pulumi.Input<MutualTlsModuleArgs>;
  /** The minimum TLS version (TLS always ends at the edge). */
  tlsTermination?: pulumi.Input<HttpsTlsTerminationModuleArgs>;
  /**
   * Every route of the edge, when the stack owns them all: each as an HttpsEdgeRoute declares it (less
   * `edgeId`), told apart by `matchType` and `match` (each pair at most once). Made with the edge,
   * applied route by route on update (modules as HttpsEdgeRoute applies them, guards first), and read
   * with the edge at refresh, so a route added by hand is drift and `up` deletes it, and one deleted by
   * hand is made again. `oauth` and `webhookVerification` are stored apart, as a secret (`routeSecretModules`).
   * Left out (the default), the edge's routes are never read or touched: declare HttpsEdgeRoute
   * resources instead where other stacks or people add routes too. Do not do both for one edge: these
   * would delete those (docs/provider.md, "Owning a parent's children").
   */
  routes?: pulumi.Input<pulumi.Input<HttpsEdgeInlineRouteArgs>[]>;
}

/** HTTPS hostports with mutual TLS and TLS termination; traffic is routed by inline `routes` or HttpsEdgeRoute resources. */
export class HttpsEdge extends pulumi.CustomResource {
  /** `host:port` addresses the edge serves. */
  declare readonly hostports: pulumi.Output<string[]>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly mutualTls: pulumi.Output<MutualTlsModule | null>;
  /** As the service reports it, in the input shape; null when unset. `terminateAt` is always `edge`. */
  declare readonly tlsTermination: pulumi.Output<TlsTerminationModule | null>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** With inline `routes`: every route of the edge as the service has it, less `oauth` and `webhookVerification` (null when `routes` is left out). */
  declare readonly routes: pulumi.Output<HttpsEdgeInlineRoute[] | null>;
  /** With inline `routes`: the routes' ids as HttpsEdgeRoute has them (`<edge id>/<route id>`), in the order of `routes`. */
  declare readonly routeIds: pulumi.Output<string[] | null>;
  /** Secret. With inline `routes`: each route's `oauth` and `webhookVerification`, in the order of `routes`. */
  declare readonly routeSecretModules: pulumi.Output<HttpsEdgeInlineRouteSecrets[] | null>;
  /** The edge's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: HttpsEdgeArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: HttpsEdgeArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(httpsEdgeResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): HttpsEdge {
    return new HttpsEdge(name, undefined, { ...opts, id });
  }

  /** True when `obj` is an HttpsEdge, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is HttpsEdge {
    return isResourceOf(httpsEdgeResource, obj);
  }
}
