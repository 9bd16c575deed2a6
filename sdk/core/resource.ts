/**
 * The operations every kind shares (spec §4.1), written once: `Operations` works on explicit paths;
 * `ReadResource`, `CrudResource` and `ModularCrudResource` bind it to one collection, and nested
 * kinds (routes) bind it to a collection under their parent. A kind is its paths, list key and
 * schemas; see sdk/resources/*.ts. The schemas and whatever takes one are `@internal`: the public
 * declarations name only plain types (sdk/types.ts), never zod's.
 */
import { z } from "zod";
import { camelToSnake } from "./case";
import { oneOf, parseParams, parseResponse, pathId } from "./fields";
import type { HttpClient, HttpMethod } from "./http";
import { ListParams, PageIterator, listAll } from "./pagination";
import { path } from "./path";

/** @internal */
export interface ReadDefinition<T> {
  /** Collection path, e.g. `/ip_policies`. */
  collectionPath: string;
  /** camelCase list wrapper key, e.g. `ipPolicies` for `{ip_policies: [...]}`. */
  listKey: string;
  model: z.ZodType<T>;
}

/** @internal */
export interface ResourceDefinition<T, C, U> extends ReadDefinition<T> {
  createParams: z.ZodType<C>;
  updateParams: z.ZodType<U>;
}

/** `<collectionPath>/<id>`; `name` labels the id in a validation error (`id`, `edgeId`). */
export function itemPath(collectionPath: string, id: string, name = "id"): string {
  return collectionPath + path`/${parseParams(pathId, id, name)}`;
}

/** Options of a create (POST). */
export interface CreateOptions {
  /**
   * Sent as `Idempotency-Key`: where the service honours keys, a repeat of the create with the same
   * key answers with the first answer instead of making a second resource.
   */
  idempotencyKey?: string;
}

/** One request whose 2xx body is checked against `model`. */
async function send<T>(
  http: HttpClient,
  model: z.ZodType<T>,
  method: HttpMethod,
  target: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<T> {
  const { data, status, operationId, request } = await http.request({ method, path: target, body, idempotencyKey });
  return parseResponse(model, data, status, operationId, request);
}

/** §4.1 operations of one kind on paths the caller gives (so a nested collection needs no copy). */
export class Operations<T, C, U> {
  /** @internal */
  constructor(
    private readonly http: HttpClient,
    private readonly schemas: { model: z.ZodType<T>; createParams: z.ZodType<C>; updateParams: z.ZodType<U> },
  ) {}

  /** POST the collection; 201 with the new resource. */
  async create(collectionPath: string, params: C, options: CreateOptions = {}): Promise<T> {
    return send(
      this.http,
      this.schemas.model,
      "POST",
      collectionPath,
      parseParams(this.schemas.createParams, params),
      options.idempotencyKey,
    );
  }

  async get(item: string): Promise<T> {
    return send(this.http, this.schemas.model, "GET", item);
  }

  /** PATCH: only the fields given are changed. */
  async update(item: string, params: U): Promise<T> {
    return send(this.http, this.schemas.model, "PATCH", item, parseParams(this.schemas.updateParams, params));
  }

  async delete(item: string): Promise<void> {
    await this.http.request({ method: "DELETE", path: item });
  }
}

/** A module's request and response schemas (sdk/resources/modules.ts). @internal */
export interface ModuleSchemas {
  params: z.ZodType;
  model: z.ZodType;
  /** What the module does: the doc of its entry in the module set and of the edge's or route's module fields. */
  description?: string;
}

/** The modules of one kind by camelCase name (`ipRestriction`); the path segment is its snake_case. @internal */
export type ModuleSet = Readonly<Record<string, ModuleSchemas>>;

/** The types of one kind's modules by camelCase name: each module's request params and response model (sdk/types.ts). */
export type ModuleTypes = { readonly [name: string]: { params: unknown; model: unknown } };
export type ModuleName<M extends ModuleTypes> = keyof M & string;
export type ModuleParamsOf<M extends ModuleTypes, N extends ModuleName<M>> = M[N]["params"];
export type ModuleOf<M extends ModuleTypes, N extends ModuleName<M>> = M[N]["model"];

/** Module operations (§4.1.7) on an item: GET, PUT (replace) and DELETE `<item>/<module>`. */
export class ModuleOperations<M extends ModuleTypes> {
  private readonly names: z.ZodType<string>;

  /** @internal */
  constructor(
    private readonly http: HttpClient,
    private readonly modules: ModuleSet,
  ) {
    this.names = oneOf(Object.keys(modules) as [string, ...string[]]);
  }

  async get<N extends ModuleName<M>>(item: string, name: N): Promise<ModuleOf<M, N>> {
    const { target, schemas } = this.resolve(item, name);
    return send(this.http, schemas.model, "GET", target) as Promise<ModuleOf<M, N>>;
  }

  /** PUT: the module is replaced as a whole by `params`. */
  async replace<N extends ModuleName<M>>(item: string, name: N, params: ModuleParamsOf<M, N>): Promise<ModuleOf<M, N>> {
    const { target, schemas } = this.resolve(item, name);
    return send(this.http, schemas.model, "PUT", target, parseParams(schemas.params, params)) as Promise<ModuleOf<M, N>>;
  }

  async delete<N extends ModuleName<M>>(item: string, name: N): Promise<void> {
    await this.http.request({ method: "DELETE", path: this.resolve(item, name).target });
  }

  // The one place where a module name becomes its path segment: `ipRestriction` → `/ip_restriction`.
  // Checked at run time too: callers from JavaScript (or a provider) pass plain strings.
  private resolve(item: string, name: string): { target: string; schemas: ModuleSchemas } {
    parseParams(this.names, name, "name");
    return { target: `${item}/${camelToSnake(name)}`, schemas: this.modules[name] };
  }
}

/** Read-only kinds (endpoints): get and list. */
export abstract class ReadResource<T> {
  /** @internal */
  protected constructor(
    protected readonly http: HttpClient,
    private readonly definition: ReadDefinition<T>,
  ) {}

  async get(id: string): Promise<T> {
    return send(this.http, this.definition.model, "GET", this.itemPath(id));
  }

  /** Every item across all pages; `limit` is the page size (1 to 100). */
  list(params?: ListParams): PageIterator<T> {
    return listAll(this.http, this.definition.collectionPath, this.definition.listKey, this.definition.model, params);
  }

  protected itemPath(id: string): string {
    return itemPath(this.definition.collectionPath, id);
  }
}

export abstract class CrudResource<T, C, U> extends ReadResource<T> {
  private readonly ops: Operations<T, C, U>;

  /** @internal */
  protected constructor(
    http: HttpClient,
    private readonly kind: ResourceDefinition<T, C, U>,
  ) {
    super(http, kind);
    this.ops = new Operations(http, kind);
  }

  /** POST the collection; 201 with the new resource. */
  // async so that a validation failure is a rejection, like every other failure.
  async create(params: C, options?: CreateOptions): Promise<T> {
    return this.ops.create(this.kind.collectionPath, params, options);
  }

  /** PATCH: only the fields given are changed. */
  async update(id: string, params: U): Promise<T> {
    return this.ops.update(this.itemPath(id), params);
  }

  async delete(id: string): Promise<void> {
    return this.ops.delete(this.itemPath(id));
  }
}

/** A kind with modules (edges): CRUD plus `getModule`, `replaceModule`, `deleteModule` by module name. */
export abstract class ModularCrudResource<T, C, U, M extends ModuleTypes> extends CrudResource<T, C, U> {
  private readonly moduleOps: ModuleOperations<M>;

  /** @internal */
  protected constructor(http: HttpClient, kind: ResourceDefinition<T, C, U>, modules: ModuleSet) {
    super(http, kind);
    this.moduleOps = new ModuleOperations(http, modules);
  }

  /** GET one module; a module that is unset is the service's 404. */
  async getModule<N extends ModuleName<M>>(id: string, name: N): Promise<ModuleOf<M, N>> {
    return this.moduleOps.get(this.itemPath(id), name);
  }

  /** PUT: sets or wholly replaces one module. */
  async replaceModule<N extends ModuleName<M>>(id: string, name: N, params: ModuleParamsOf<M, N>): Promise<ModuleOf<M, N>> {
    return this.moduleOps.replace(this.itemPath(id), name, params);
  }

  /** DELETE: removes one module (the only way to unset it). */
  async deleteModule<N extends ModuleName<M>>(id: string, name: N): Promise<void> {
    return this.moduleOps.delete(this.itemPath(id), name);
  }
}
