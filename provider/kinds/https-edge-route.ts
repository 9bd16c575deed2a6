import * as fields from "../../sdk/core/fields";
import {
  HttpsEdgeRouteCreateParams,
  HttpsEdgeRouteUpdateParams,
  type HttpsEdgeRoute as HttpsEdgeRouteObject,
  httpsEdgeRoutesIdPrefix,
} from "../../sdk/resources/https-edge-route";
import { httpsEdgesIdPrefix } from "../../sdk/resources/https-edge";
import type { EdgeIngress } from "../../sdk/client";
import type { HttpsEdgeRouteModules } from "../../sdk/resources/route-modules";
import type * as sdk from "../../sdk/types";
import type { ModuleName as SdkModuleName } from "../../sdk/core/resource";
import { compositeId, prefixed } from "../framework/ids";
import { COMMON_FIELDS, type KindApi, declareKind } from "../framework/kind";
import { ROUTE_MODULES, SAML_SERVICE_PROVIDER_FIELDS, modulesOf, routeModuleFields } from "../modules";

/** A route lives under its edge: its Pulumi id is `<edge id>/<route id>`, enough to read or delete it. */
type RouteObject = HttpsEdgeRouteObject & { routeId: string };
type RouteModule = SdkModuleName<typeof HttpsEdgeRouteModules>;
const splitId = compositeId.split;
const withId = (route: HttpsEdgeRouteObject): RouteObject => ({
  ...route,
  id: compositeId.join(route.edgeId, route.id),
  routeId: route.id,
});

function routesApi(client: EdgeIngress): KindApi<RouteObject> {
  const routes = client.httpsEdgeRoutes;
  return {
    create: async ({ edgeId, ...params }, options) => withId(await routes.create(edgeId, params, options)),
    get: async (id) => withId(await routes.get(...splitId(id))),
    update: async (id, params) => withId(await routes.update(...splitId(id), params)),
    delete: (id) => routes.delete(...splitId(id)),
    // The lifecycle passes only names of ROUTE_MODULES.
    replaceModule: (id, name: RouteModule, params) => routes.replaceModule(...splitId(id), name, params),
    deleteModule: (id, name: RouteModule) => routes.deleteModule(...splitId(id), name),
  };
}

/** @internal */
export const httpsEdgeRouteKind = declareKind<RouteObject>({
  name: "HttpsEdgeRoute",
  doc: "A path on an HTTPS edge and the modules applied to its traffic. Access-guarding modules are set before a backend is attached and removed only after it is detached.",
  getDoc: "Reads an existing route; `id` is `<edge id>/<route id>`.",
  fields: {
    edgeId: {
      input: { doc: "The HTTPS edge (`edghts_`) the route belongs to; replace on change.", required: true },
      type: "string",
      doc: "The edge (`edghts_`); replace on change.",
    },
    routeId: { type: "string", doc: "The route's own id (the Pulumi id is `<edge id>/<route id>`)." },
    matchType: { input: { required: true }, type: "MatchType", doc: "How `match` is compared with the request path." },
    match: { input: { required: true }, type: "string", doc: "A path, a host, or host plus path." },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    ...routeModuleFields(),
    samlServiceProvider: {
      type: "SamlServiceProvider | null",
      doc: "What the service generated for the SAML module (entity id, URLs, signing certificate); null without one.",
    },
    uri: { type: "string", doc: "The route's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.6, §4.5 (route operations: extension)",
  // The edge's GET carries every route: one request answers each route of the edge.
  refresh: { by: "parent" },
  idForm: prefixed(httpsEdgeRoutesIdPrefix),
  parent: {
    kind: "HttpsEdge",
    idForm: prefixed(httpsEdgesIdPrefix),
    key: "edgeId",
    nested: { own: "id", listIn: async (_client, edge) => edge.routes },
  },
  createSchema: HttpsEdgeRouteCreateParams.extend({ edgeId: fields.idWithPrefix(httpsEdgesIdPrefix) }),
  updateSchema: HttpsEdgeRouteUpdateParams,
  modules: modulesOf(ROUTE_MODULES),
  // OAuth client secrets and webhook secrets: these modules are stored whole as secrets.
  credentials: ["oauth.provider.*.clientSecret", "webhookVerification.secret"],
  api: routesApi,
  listFor: async (client, { edgeId }) => (await client.httpsEdges.get(edgeId)).routes.map(withId),
  export: { label: (o, nameOf) => `${nameOf(o.edgeId) ?? "route"}-${o.match}` },
  fromApi: (obj) => ({
    samlServiceProvider: obj.saml ? Object.fromEntries(SAML_SERVICE_PROVIDER_FIELDS.map((k) => [k, (obj.saml as any)[k]])) : null,
  }),
});

/** How a route's `match` is read. */
export type MatchType = sdk.MatchType;
