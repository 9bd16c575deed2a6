import { HttpsEdgeCreateParams, HttpsEdgeUpdateParams, type HttpsEdge as HttpsEdgeObject } from "../sdk/resources/https-edge";
import { HttpsEdgeRouteCreateParams } from "../sdk/resources/https-edge-route";
import { ID_PREFIXES } from "../sdk/core/id-prefixes";
import { ownedListSchema } from "./framework/children";
import { compositeId, prefixed } from "./framework/ids";
import type { KindSpec } from "./framework/kind";
import { kindSpec } from "./kinds";
import { MODULES, modulesOf, type ModuleName } from "./modules";
import { httpsEdgeResource } from "./resources/https-edge";

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
export const httpsEdgeKind: KindSpec<HttpsEdgeObject> = {
  name: httpsEdgeResource.name,
  section: "§2.6, §4.5",
  refresh: {
    by: "one",
    why: "the spec shows neither the edge's GET nor its list (§4.14): an edge is read whole, with its routes, by its GET",
  },
  idForm: prefixed(ID_PREFIXES.httpsEdges),
  createSchema: HttpsEdgeCreateParams.extend({ routes }),
  updateSchema: HttpsEdgeUpdateParams.extend({ routes }),
  defaults: { description: "", metadata: "" },
  fieldTypes: { hostports: "set" },
  modules: modulesOf(["mutualTls", "tlsTermination"]),
  // `routeIds` holds ids only with inline `routes` (owned children, read with the edge); the ids an
  // edge's own create or update returned are not kept: routes made after it made them stale.
  outputs: httpsEdgeResource.outputs,
  api: (client) => client.httpsEdges,
  export: { label: (o) => o.hostports?.[0] },
  owns: {
    routes: {
      // A getter: the route kind names this one as its parent.
      get spec() {
        return kindSpec("HttpsEdgeRoute");
      },
      // The service's route ids are not declared: a route is told apart by what it matches.
      key: "match",
      keyWith: ["matchType"],
      idsOutput: "routeIds",
      // The edge's GET holds its routes: read with the edge, ids as HttpsEdgeRoute has them.
      inParent: (edge) => edge.routes.map((route: { id: string }) => ({ ...route, id: compositeId.join(edge.id, route.id) })),
      // OAuth client secrets and webhook secrets: stored apart, as a secret (ResourceKind.ownedSecrets).
      secrets: httpsEdgeResource.ownedSecrets!,
      // A route with a guard (IP restriction, a login, webhook verification) is made first, deleted last.
      restricts: (route) =>
        (Object.keys(MODULES) as ModuleName[]).some((m) => "guard" in MODULES[m] && MODULES[m].guard && route[m] != null),
    },
  },
};
