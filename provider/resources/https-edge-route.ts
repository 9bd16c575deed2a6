import * as pulumi from "@pulumi/pulumi";
import {
  isResourceOf,
  resourceArgs,
  type AdoptArgs,
  type BackendModule,
  type BackendModuleArgs,
  type CircuitBreakerModule,
  type CircuitBreakerModuleArgs,
  type EnabledModule,
  type EnabledModuleArgs,
  type GetOptions,
  type HeadersModule,
  type HeadersModuleArgs,
  type IpRestrictionModule,
  type IpRestrictionModuleArgs,
  type OAuthModule,
  type OAuthModuleArgs,
  type ResourceKind,
  type SamlModule,
  type SamlModuleArgs,
  type SamlServiceProvider,
  type WebhookVerificationModule,
  type WebhookVerificationModuleArgs,
} from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const httpsEdgeRouteResource: ResourceKind = {
  name: "HttpsEdgeRoute",
  inputs: [
    "matchType",
    "match",
    "description",
    "metadata",
    "backend",
    "ipRestriction",
    "circuitBreaker",
    "compression",
    "requestHeaders",
    "responseHeaders",
    "webhookVerification",
    "oauth",
    "saml",
    "oidc",
    "websocketTcpConverter",
    "userAgentFilter",
    "jwtValidation",
    "edgeId",
  ],
  outputs: ["routeId", "uri", "createdAt", "samlServiceProvider"],
  secretInputs: ["oauth", "webhookVerification"],
};

/** How a route's `match` is read. */
export type MatchType = "exact_path" | "path_prefix";

export interface HttpsEdgeRouteArgs extends AdoptArgs {
  /** The HTTPS edge (`edghts_`) the route belongs to; replace on change. */
  edgeId: pulumi.Input<string>;
  /** How `match` is compared with the request path. */
  matchType: pulumi.Input<MatchType>;
  /** A path, a host, or host plus path. */
  match: pulumi.Input<string>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
  /** Where traffic goes. */
  backend?: pulumi.Input<BackendModuleArgs>;
  /** Guards access: only the ranges of these IP policies. */
  ipRestriction?: pulumi.Input<IpRestrictionModuleArgs>;
  /** Stops sending to a failing upstream until it recovers. */
  circuitBreaker?: pulumi.Input<CircuitBreakerModuleArgs>;
  /** Compresses responses. */
  compression?: pulumi.Input<EnabledModuleArgs>;
  /** Headers added to and removed from the request sent upstream. */
  requestHeaders?: pulumi.Input<HeadersModuleArgs>;
  /** Headers added to and removed from the response returned to the client. */
  responseHeaders?: pulumi.Input<HeadersModuleArgs>;
  /** Guards access; stored whole as a secret. */
  webhookVerification?: pulumi.Input<WebhookVerificationModuleArgs>;
  /** Guards access; stored whole as a secret. */
  oauth?: pulumi.Input<OAuthModuleArgs>;
  /** Guards access. */
  saml?: pulumi.Input<SamlModuleArgs>;
  /** Guards access. */
  oidc?: pulumi.Input<EnabledModuleArgs>;
  /** Websocket to TCP adapter. */
  websocketTcpConverter?: pulumi.Input<EnabledModuleArgs>;
  /** Guards access. */
  userAgentFilter?: pulumi.Input<EnabledModuleArgs>;
  /** Guards access. */
  jwtValidation?: pulumi.Input<EnabledModuleArgs>;
}

/**
 * A path on an HTTPS edge and the modules applied to its traffic. Access-guarding modules are set
 * before a backend is attached and removed only after it is detached.
 */
export class HttpsEdgeRoute extends pulumi.CustomResource {
  /** The edge (`edghts_`); replace on change. */
  declare readonly edgeId: pulumi.Output<string>;
  /** The route's own id (the Pulumi id is `<edge id>/<route id>`). */
  declare readonly routeId: pulumi.Output<string>;
  /** How `match` is compared with the request path. */
  declare readonly matchType: pulumi.Output<MatchType>;
  /** A path, a host, or host plus path. */
  declare readonly match: pulumi.Output<string>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** Each module as the service reports it, in the input shape; null when unset. */
  declare readonly backend: pulumi.Output<BackendModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly ipRestriction: pulumi.Output<IpRestrictionModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly circuitBreaker: pulumi.Output<CircuitBreakerModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly compression: pulumi.Output<EnabledModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly requestHeaders: pulumi.Output<HeadersModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly responseHeaders: pulumi.Output<HeadersModule | null>;
  /** Secret. */
  declare readonly webhookVerification: pulumi.Output<WebhookVerificationModule | null>;
  /** Secret. */
  declare readonly oauth: pulumi.Output<OAuthModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly saml: pulumi.Output<SamlModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly oidc: pulumi.Output<EnabledModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly websocketTcpConverter: pulumi.Output<EnabledModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly userAgentFilter: pulumi.Output<EnabledModule | null>;
  /** As the service reports it, in the input shape; null when unset. */
  declare readonly jwtValidation: pulumi.Output<EnabledModule | null>;
  /** What the service generated for the SAML module (entity id, URLs, signing certificate); null without one. */
  declare readonly samlServiceProvider: pulumi.Output<SamlServiceProvider | null>;
  /** The route's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: HttpsEdgeRouteArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: HttpsEdgeRouteArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(httpsEdgeRouteResource, name, args, opts));
  }

  /** Reads an existing route; `id` is `<edge id>/<route id>`. */
  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): HttpsEdgeRoute {
    return new HttpsEdgeRoute(name, undefined, { ...opts, id });
  }

  /** True when `obj` is an HttpsEdgeRoute, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is HttpsEdgeRoute {
    return isResourceOf(httpsEdgeRouteResource, obj);
  }
}
