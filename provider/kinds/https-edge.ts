import {
  HttpsEdgeCreateParams,
  HttpsEdgeUpdateParams,
  type HttpsEdge as HttpsEdgeObject,
  httpsEdgesIdPrefix,
} from "../../sdk/resources/https-edge";
import { HttpsEdgeRouteCreateParams } from "../../sdk/resources/https-edge-route";
import { ownedListSchema } from "../framework/children";
import { compositeId, prefixed } from "../framework/ids";
import { COMMON_FIELDS, declareKind } from "../framework/kind";
import { MODULE_FIELDS, MODULES, ROUTE_MODULES, modulesOf, type ModuleName } from "../modules";
import type { RouteModule, RouteModuleName } from "../types";
import type * as sdk from "../../sdk/types";
import { httpsEdgeRouteKind } from "./https-edge-route";

// Inline routes (issue 24): the edge owns every route when `routes` is declared, as IpPolicy.rules
// owns rules. Framework logic is in framework/children.ts; this declaration only names the parts.

/** Inline routes: each one as an HttpsEdgeRoute declares it (less its edge), each (matchType, match) once. */
const routes = ownedListSchema(
  "routes",
  HttpsEdgeRouteCreateParams,
  ["matchType", "match"],
  (v) => v,
  "an edge's inline routes",
).optional();

/** @internal */
export const httpsEdgeKind = declareKind<HttpsEdgeObject>({
  name: "HttpsEdge",
  doc: "HTTPS hostports with mutual TLS and TLS termination; traffic is routed by inline `routes` or HttpsEdgeRoute resources.",
  fields: {
    hostports: COMMON_FIELDS.hostports,
    mutualTls: MODULE_FIELDS.mutualTls,
    tlsTermination: {
      input: { type: "HttpsTlsTerminationModuleArgs", doc: "The minimum TLS version (TLS always ends at the edge)." },
      type: "TlsTerminationModule | null",
      doc: "As the service reports it, in the input shape; null when unset. `terminateAt` is always `edge`.",
    },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    routes: {
      input: {
        type: "pulumi.Input<HttpsEdgeInlineRouteArgs>[]",
        doc: "Every route of the edge, when the stack owns them all: each as an HttpsEdgeRoute declares it (less `edgeId`), told apart by `matchType` and `match` (each pair at most once). Made with the edge, applied route by route on update (modules as HttpsEdgeRoute applies them, guards first), and read with the edge at refresh, so a route added by hand is drift and `up` deletes it, and one deleted by hand is made again. `oauth` and `webhookVerification` are stored apart, as a secret (`routeSecretModules`). Left out (the default), the edge's routes are never read or touched: declare HttpsEdgeRoute resources instead where other stacks or people add routes too. Do not do both for one edge: these would delete those (docs/provider.md, \"Owning a parent's children\").",
      },
      type: "HttpsEdgeInlineRoute[] | null",
      doc: "With inline `routes`: every route of the edge as the service has it, less `oauth` and `webhookVerification` (null when `routes` is left out).",
    },
    routeIds: {
      type: "string[] | null",
      doc: "With inline `routes`: the routes' ids as HttpsEdgeRoute has them (`<edge id>/<route id>`), in the order of `routes`.",
    },
    // Marked secret by the class through ownedSecrets (not `secret`: a list of objects, not one value).
    routeSecretModules: {
      type: "HttpsEdgeInlineRouteSecrets[] | null",
      doc: "Secret. With inline `routes`: each route's `oauth` and `webhookVerification`, in the order of `routes`.",
    },
    uri: { type: "string", doc: "The edge's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.6, §4.5",
  refresh: {
    by: "one",
    why: "the spec shows neither the edge's GET nor its list (§4.14): an edge is read whole, with its routes, by its GET",
  },
  idForm: prefixed(httpsEdgesIdPrefix),
  createSchema: HttpsEdgeCreateParams.extend({ routes }),
  updateSchema: HttpsEdgeUpdateParams.extend({ routes }),
  fieldTypes: { hostports: "set" },
  modules: modulesOf(["mutualTls", "tlsTermination"]),
  // `routeIds` holds ids only with inline `routes` (owned children, read with the edge); the ids an
  // edge's own create or update returned are not kept: routes made after it made them stale.
  api: (client) => client.httpsEdges,
  export: { label: (o) => o.hostports?.[0] },
  owns: {
    routes: {
      decl: httpsEdgeRouteKind,
      // The service's route ids are not declared: a route is told apart by what it matches.
      key: "match",
      keyWith: ["matchType"],
      idsOutput: "routeIds",
      // The edge's GET holds its routes: read with the edge, ids as HttpsEdgeRoute has them.
      inParent: (edge) => edge.routes.map((route: { id: string }) => ({ ...route, id: compositeId.join(edge.id, route.id) })),
      // OAuth client secrets and webhook secrets: stored apart, as a secret (ClassLists.ownedSecrets).
      secrets: { output: "routeSecretModules", fields: ROUTE_MODULES.filter((m) => "secret" in MODULES[m]) },
      // A route with a guard (IP restriction, a login, webhook verification) is made first, deleted last.
      restricts: (route) =>
        (Object.keys(MODULES) as ModuleName[]).some((m) => "guard" in MODULES[m] && MODULES[m].guard && route[m] != null),
    },
  },
});

/**
 * The route modules that hold credentials (`secret: true` in MODULES), stored apart in `routeSecretModules`.
 * Named here because the public declarations load no module rules (they import zod's types);
 * test/provider/derived.test.ts compares it with MODULES.
 */
type SecretRouteModule = Extract<RouteModuleName, "oauth" | "webhookVerification">;

/** One route of an edge's `routes` output, as the service has it (its credential-holding modules are in `routeSecretModules`). */
export type HttpsEdgeInlineRoute = { matchType: sdk.MatchType } & Pick<sdk.HttpsEdgeRoute, "match" | "description" | "metadata"> & {
    [M in Exclude<RouteModuleName, SecretRouteModule>]: RouteModule<M> | null;
  };

/** The credential-holding modules of one inline route (secret, with the rest of `routeSecretModules`). */
export type HttpsEdgeInlineRouteSecrets = { [M in SecretRouteModule]: RouteModule<M> | null };
