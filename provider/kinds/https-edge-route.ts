import * as fields from "../../sdk/core/fields";
import {
  HttpsEdgeRouteCreateParams,
  HttpsEdgeRouteUpdateParams,
  type HttpsEdgeRoute as HttpsEdgeRouteObject,
} from "../../sdk/resources/https-edge-route";
import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import type { EdgeIngress } from "../../sdk/client";
import type { HttpsEdgeRouteModules } from "../../sdk/resources/modules";
import type { ModuleName as SdkModuleName } from "../../sdk/core/resource";
import { compositeId, prefixed } from "../framework/ids";
import type { KindApi, KindSpec } from "../framework/kind";
import { httpsEdgeKind } from "./https-edge";
import { SAML_SERVICE_PROVIDER_FIELDS, modulesOf, type ModuleName } from "../modules";
import { httpsEdgeRouteResource } from "../resources/https-edge-route";

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

const ROUTE_MODULES: ModuleName[] = [
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
];

/** @internal */
export const httpsEdgeRouteKind: KindSpec<RouteObject> = {
  name: httpsEdgeRouteResource.name,
  section: "§2.6, §4.5 (route operations: extension)",
  // The edge's GET carries every route: one request answers each route of the edge.
  refresh: { by: "parent" },
  idForm: prefixed(ID_PREFIXES.httpsEdgeRoutes),
  parent: { spec: httpsEdgeKind, key: "edgeId", nested: { own: "id", listIn: async (_client, edge) => edge.routes } },
  createSchema: HttpsEdgeRouteCreateParams.extend({ edgeId: fields.idWithPrefix(ID_PREFIXES.httpsEdges) }),
  updateSchema: HttpsEdgeRouteUpdateParams,
  defaults: { description: "", metadata: "" },
  modules: modulesOf(ROUTE_MODULES),
  outputs: httpsEdgeRouteResource.outputs,
  // OAuth client secrets and webhook secrets: these modules are stored whole as secrets.
  secretInputs: httpsEdgeRouteResource.secretInputs,
  credentials: ["oauth.provider.*.clientSecret", "webhookVerification.secret"],
  api: routesApi,
  listFor: async (client, { edgeId }) => (await client.httpsEdges.get(edgeId)).routes.map(withId),
  export: { label: (o, nameOf) => `${nameOf(o.edgeId) ?? "route"}-${o.match}` },
  fromApi: (obj) => ({
    samlServiceProvider: obj.saml ? Object.fromEntries(SAML_SERVICE_PROVIDER_FIELDS.map((k) => [k, (obj.saml as any)[k]])) : null,
  }),
};
