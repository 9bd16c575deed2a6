/**
 * HTTPS edge routes (spec §2.6, §4.5): a path on an HTTPS edge and the modules applied to it. Routes
 * live under their edge, so every operation takes the edge id first; there is no list operation (the
 * edge's `routes` holds them, oldest first).
 */
import { z } from "zod";
import { description, metadata, nonEmptyString, oneOf, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CreateOptions, ModuleName, ModuleOf, ModuleOperations, ModuleParamsOf, Operations, itemPath } from "../core/resource";
import { moduleRequestFields, moduleResponseFields } from "./modules";
import { HttpsEdgeRouteModules } from "./route-modules";
import type * as types from "../types";

export const MATCH_TYPES = ["exact_path", "path_prefix"] as const;
/** @internal */
export const MatchType = oneOf(MATCH_TYPES).describe("How a route's `match` is compared: an exact path or a path prefix.");
export type MatchType = types.MatchType;

/** @internal */
export const HttpsEdgeRoute = z.object({
  edgeId: z.string().describe("The id (`edghts_`) of the HTTPS edge the route belongs to."),
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  // A plain string: a match type added by the service later must not make reads fail.
  matchType: z.string().describe("How `match` is compared: `exact_path` or `path_prefix`."),
  match: z.string().describe("The route selector: a path, a host, or host plus path."),
  description: text,
  metadata: text,
  ...moduleResponseFields(HttpsEdgeRouteModules),
});
export type HttpsEdgeRoute = types.HttpsEdgeRoute;

/** @internal */
export const HttpsEdgeRouteCreateParams = params({
  matchType: MatchType.describe("How `match` is compared: `exact_path` or `path_prefix`."),
  match: nonEmptyString.describe("The route selector: a path, a host, or host plus path."),
  description: description.optional(),
  metadata: metadata.optional(),
  ...moduleRequestFields(HttpsEdgeRouteModules),
});
export type HttpsEdgeRouteCreateParams = types.HttpsEdgeRouteCreateParams;

/** @internal */
export const HttpsEdgeRouteUpdateParams = params({
  matchType: MatchType.optional().describe("How `match` is compared: `exact_path` or `path_prefix`; absent leaves it unchanged."),
  match: nonEmptyString.optional().describe("The route selector: a path, a host, or host plus path; absent leaves it unchanged."),
  description: description.optional(),
  metadata: metadata.optional(),
  ...moduleRequestFields(HttpsEdgeRouteModules),
}).describe(
  "The params to update one HTTPS edge route: only the fields given are changed. A module given replaces that module wholly; one left out is unchanged (remove it with deleteModule).",
);
export type HttpsEdgeRouteUpdateParams = types.HttpsEdgeRouteUpdateParams;

type Modules = HttpsEdgeRouteModules;

export class HttpsEdgeRoutes {
  readonly #ops: Operations<HttpsEdgeRoute, HttpsEdgeRouteCreateParams, HttpsEdgeRouteUpdateParams>;
  readonly #modules: ModuleOperations<Modules>;

  constructor(http: HttpClient) {
    this.#ops = new Operations(http, {
      model: HttpsEdgeRoute,
      createParams: HttpsEdgeRouteCreateParams,
      updateParams: HttpsEdgeRouteUpdateParams,
    });
    this.#modules = new ModuleOperations<Modules>(http, HttpsEdgeRouteModules);
  }

  /** POST a new route on the edge; 201 with the route. */
  async create(edgeId: string, params: HttpsEdgeRouteCreateParams, options?: CreateOptions): Promise<HttpsEdgeRoute> {
    return this.#ops.create(routesPath(edgeId), params, options);
  }

  async get(edgeId: string, id: string): Promise<HttpsEdgeRoute> {
    return this.#ops.get(routePath(edgeId, id));
  }

  /** PATCH: only the fields given are changed. */
  async update(edgeId: string, id: string, params: HttpsEdgeRouteUpdateParams): Promise<HttpsEdgeRoute> {
    return this.#ops.update(routePath(edgeId, id), params);
  }

  async delete(edgeId: string, id: string): Promise<void> {
    return this.#ops.delete(routePath(edgeId, id));
  }

  /** GET one module; a module that is unset is the service's 404. */
  async getModule<N extends ModuleName<Modules>>(edgeId: string, id: string, name: N): Promise<ModuleOf<Modules, N>> {
    return this.#modules.get(routePath(edgeId, id), name);
  }

  /** PUT: sets or wholly replaces one module. */
  async replaceModule<N extends ModuleName<Modules>>(
    edgeId: string,
    id: string,
    name: N,
    params: ModuleParamsOf<Modules, N>,
  ): Promise<ModuleOf<Modules, N>> {
    return this.#modules.replace(routePath(edgeId, id), name, params);
  }

  /** DELETE: removes one module (the only way to unset it). */
  async deleteModule<N extends ModuleName<Modules>>(edgeId: string, id: string, name: N): Promise<void> {
    return this.#modules.delete(routePath(edgeId, id), name);
  }
}

const routesPath = (edgeId: string) => `${itemPath("/edges/https", edgeId, "edgeId")}/routes`;
const routePath = (edgeId: string, id: string) => itemPath(routesPath(edgeId), id);
export const httpsEdgeRoutesIdPrefix = "edghtsrt_";
