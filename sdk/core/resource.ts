/**
 * The create/get/update/delete/list operations every kind shares (spec §4.1), written once.
 * A kind is its collection path, list wrapper key and schemas; see sdk/resources/*.ts.
 */
import type { z } from "zod";
import { parseParams, parseResponse, pathId } from "./fields";
import type { HttpClient, HttpMethod } from "./http";
import { ListParams, PageIterator, listAll } from "./pagination";
import { path } from "./path";

export interface KindDefinition<T, C, U> {
  /** Collection path, e.g. `/ip_policies`. */
  collection: string;
  /** camelCase list wrapper key, e.g. `ipPolicies` for `{ip_policies: [...]}`. */
  listKey: string;
  model: z.ZodType<T>;
  createParams: z.ZodType<C>;
  updateParams: z.ZodType<U>;
}

export abstract class CrudResource<T, C, U> {
  protected constructor(
    protected readonly http: HttpClient,
    private readonly kind: KindDefinition<T, C, U>,
  ) {}

  /** POST the collection; 201 with the new resource. */
  // async so that a validation failure is a rejection, like every other failure.
  async create(params: C): Promise<T> {
    return this.send("POST", this.kind.collection, parseParams(this.kind.createParams, params));
  }

  async get(id: string): Promise<T> {
    return this.send("GET", this.itemPath(id));
  }

  /** PATCH: only the fields given are changed. */
  async update(id: string, params: U): Promise<T> {
    const itemPath = this.itemPath(id);
    return this.send("PATCH", itemPath, parseParams(this.kind.updateParams, params));
  }

  async delete(id: string): Promise<void> {
    await this.http.request({ method: "DELETE", path: this.itemPath(id) });
  }

  /** Every item across all pages; `limit` is the page size (1 to 100). */
  list(params?: ListParams): PageIterator<T> {
    return listAll(this.http, this.kind.collection, this.kind.listKey, this.kind.model, params);
  }

  private itemPath(id: string): string {
    return this.kind.collection + path`/${parseParams(pathId, id, "id")}`;
  }

  private async send(method: HttpMethod, target: string, body?: unknown): Promise<T> {
    const { data, status, operationId, request } = await this.http.request({ method, path: target, body });
    return parseResponse(this.kind.model, data, status, operationId, request);
  }
}
