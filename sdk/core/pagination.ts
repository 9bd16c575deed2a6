/**
 * Lists: `{<key>: [...], uri, next_page_uri}`. The client follows `next_page_uri` as given (the
 * service's cursor) and never builds `before_id` itself; HttpClient.resolve keeps it on our origin.
 */
import { z } from "zod";
import { UnexpectedResponseError } from "./errors";
import { params, parseParams, parseResponse } from "./fields";
import type { APIResponse, HttpClient } from "./http";
import type * as types from "../types";

export const MAX_PAGE_SIZE = 100;

/** @internal */
export const ListParams = params({
  limit: z
    .int({ error: "must be an integer" })
    .min(1, { error: "must be at least 1" })
    .max(MAX_PAGE_SIZE, { error: `must be at most ${MAX_PAGE_SIZE}` })
    .optional()
    .describe(`The page size, from 1 to ${MAX_PAGE_SIZE}.`),
}).describe("The options of a list request.");
export type ListParams = types.ListParams;

/** One fetched page. */
export class Page<T> {
  constructor(
    readonly items: readonly T[],
    readonly uri: string,
    readonly nextPageUri: string | null,
    /** The response this page came from (status, operation id, request). */
    readonly response: Omit<APIResponse, "data">,
  ) {}

  hasNextPage(): boolean {
    return this.nextPageUri !== null;
  }
}

/** Iterates items (or whole pages) of a list across all its pages, fetching lazily. */
export class PageIterator<T> implements AsyncIterable<T> {
  constructor(
    private readonly fetchPage: (pathOrUrl: string) => Promise<Page<T>>,
    private readonly firstPath: () => string,
  ) {}

  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    const seen = new Set<string>();
    let next: string | null = this.firstPath();
    while (next !== null) {
      const page: Page<T> = await this.fetchPage(next);
      yield page;
      next = page.nextPageUri;
      if (next !== null && seen.has(next)) {
        // A cursor that repeats would loop forever.
        const { status, operationId, request } = page.response;
        throw new UnexpectedResponseError(status, operationId, request, [
          { field: "nextPageUri", rule: "must not repeat an earlier page" },
        ]);
      }
      if (next !== null) seen.add(next);
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.items;
  }

  async toArray(): Promise<T[]> {
    const out: T[] = [];
    for await (const item of this) out.push(item);
    return out;
  }
}

/**
 * The lazy list of one collection; `listKey` is the camelCase wrapper key (`ipPolicies`, `keys`).
 * `collectionPath` may be a function, so a path built from validated arguments also fails on first iteration.
 * @internal
 */
export function listAll<T>(
  http: HttpClient,
  collectionPath: string | (() => string),
  listKey: string,
  model: z.ZodType<T>,
  input: ListParams | undefined,
): PageIterator<T> {
  const pageSchema = z.object({
    [listKey]: z.array(model),
    uri: z.string(),
    nextPageUri: z.string().nullish(),
  });
  const fetchPage = async (pathOrUrl: string): Promise<Page<T>> => {
    const { data, ...response } = await http.request({ method: "GET", path: pathOrUrl });
    const page = parseResponse(pageSchema, data, response.status, response.operationId, response.request) as Record<string, unknown> & {
      uri: string;
      nextPageUri?: string | null;
    };
    // A relative cursor is a URL reference (RFC 3986), not an API path: resolve it as one.
    const next = page.nextPageUri ? new URL(page.nextPageUri, http.baseURL).href : null;
    return new Page(page[listKey] as T[], page.uri, next, response);
  };
  // Validated on first iteration, so a bad limit rejects like every other call instead of throwing synchronously.
  const firstPath = () => {
    const path = typeof collectionPath === "function" ? collectionPath() : collectionPath;
    const { limit } = parseParams(ListParams, input ?? {});
    return limit === undefined ? path : `${path}?limit=${limit}`;
  };
  return new PageIterator(fetchPage, firstPath);
}
