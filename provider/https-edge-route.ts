import * as pulumi from "@pulumi/pulumi";
import {
  HttpsEdgeRouteCreateParams,
  HttpsEdgeRouteUpdateParams,
  fields,
  type EdgeIngress,
  type HttpsEdgeRoute as HttpsEdgeRouteObject,
} from "../sdk";
import type { KindApi, KindSpec } from "./framework/kind";
import { EdgeIngressResource, type ResourceArgs } from "./framework/resource";
import { SAML_SERVICE_PROVIDER_FIELDS, modulesOf, type ModuleName } from "./modules";

/** A route lives under its edge: its Pulumi id is `<edge id>/<route id>`, enough to read or delete it. */
type RouteObject = HttpsEdgeRouteObject & { routeId: string };
function splitId(id: string): [string, string] {
  const at = id.indexOf("/");
  return [id.slice(0, at), id.slice(at + 1)];
}
const withId = (route: HttpsEdgeRouteObject): RouteObject => ({ ...route, id: `${route.edgeId}/${route.id}`, routeId: route.id });

function routesApi(client: EdgeIngress): KindApi<RouteObject> {
  const routes = client.httpsEdgeRoutes;
  return {
    create: async ({ edgeId, ...params }, options) => withId(await routes.create(edgeId, params, options)),
    get: async (id) => withId(await routes.get(...splitId(id))),
    update: async (id, params) => withId(await routes.update(...splitId(id), params)),
    delete: (id) => routes.delete(...splitId(id)),
    replaceModule: (id, name, params) => routes.replaceModule(...splitId(id), name as never, params as never),
    deleteModule: (id, name) => routes.deleteModule(...splitId(id), name as never),
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

export const httpsEdgeRouteKind: KindSpec<RouteObject> = {
  name: "HttpsEdgeRoute",
  section: "§2.6, §4.5 (route operations: extension)",
  createSchema: HttpsEdgeRouteCreateParams.extend({ edgeId: fields.idWithPrefix("edghts_") }),
  updateSchema: HttpsEdgeRouteUpdateParams,
  defaults: { description: "", metadata: "" },
  modules: modulesOf(ROUTE_MODULES),
  outputs: ["routeId", "uri", "createdAt", "samlServiceProvider"],
  // OAuth client secrets and webhook secrets: these modules are stored whole as secrets.
  secretInputs: ["oauth", "webhookVerification"],
  credentials: ["oauth.provider.*.clientSecret", "webhookVerification.secret"],
  api: routesApi,
  listFor: async (client, { edgeId }) => (await client.httpsEdges.get(edgeId)).routes.map(withId),
  fromApi: (obj) => ({
    samlServiceProvider: obj.saml ? Object.fromEntries(SAML_SERVICE_PROVIDER_FIELDS.map((k) => [k, (obj.saml as any)[k]])) : null,
  }),
};

export type HttpsEdgeRouteArgs = ResourceArgs<HttpsEdgeRouteCreateParams> & {
  /** The edge; changing it replaces the route. */
  edgeId: pulumi.Input<string>;
};

/** A path on an HTTPS edge and the modules applied to its traffic. */
export class HttpsEdgeRoute extends EdgeIngressResource {
  declare readonly edgeId: pulumi.Output<string>;
  declare readonly routeId: pulumi.Output<string>;
  declare readonly matchType: pulumi.Output<string>;
  declare readonly match: pulumi.Output<string>;
  declare readonly samlServiceProvider: pulumi.Output<Record<string, string> | null>;
  declare readonly description: pulumi.Output<string>;
  declare readonly metadata: pulumi.Output<string>;
  declare readonly uri: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: HttpsEdgeRouteArgs, opts?: pulumi.CustomResourceOptions) {
    super(httpsEdgeRouteKind, name, args, opts);
  }

  /** Reads an existing route; `id` is `<edge id>/<route id>`. */
  static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): HttpsEdgeRoute {
    return new HttpsEdgeRoute(name, undefined as unknown as HttpsEdgeRouteArgs, { ...opts, id });
  }
}
