/** List paging: `limit` (1..100, default 100) and `before_id`, newest first, absolute `next_page_uri`. */
import { fieldError, preview } from "../errors";
import { isWellFormedId } from "../state/ids";
import type { BaseRecord, Collection } from "../state/store";

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 100;
export const PAGE_PARAMS = ["limit", "before_id"] as const;

/**
 * `{<listKey>: [...], uri, next_page_uri}` for one page of the collection. `collectionUrl` is the absolute
 * URL of the list path (no query).
 */
export function listPage<R extends BaseRecord>(
  collection: Collection<R>,
  query: URLSearchParams,
  collectionUrl: string,
  listKey: string,
  render: (record: R) => unknown,
): Record<string, unknown> {
  let limit = DEFAULT_LIMIT;
  const rawLimit = query.get("limit");
  if (rawLimit !== null) {
    limit = /^\d{1,3}$/.test(rawLimit) ? Number(rawLimit) : NaN;
    if (!(limit >= 1 && limit <= MAX_LIMIT))
      throw fieldError("INVALID_QUERY", "limit", `must be an integer from 1 to ${MAX_LIMIT}`, preview(rawLimit));
  }
  const beforeId = query.get("before_id") ?? undefined;
  if (beforeId !== undefined && !isWellFormedId(collection.kind.prefix, beforeId)) {
    throw fieldError(
      "INVALID_QUERY",
      "before_id",
      `must be a ${collection.kind.label} id (${collection.kind.prefix}_...)`,
      preview(beforeId),
    );
  }
  const page = collection.page(limit, beforeId);
  const last = page.items[page.items.length - 1];
  const next =
    page.more && last ? `${collectionUrl}?${new URLSearchParams({ before_id: last.id, limit: String(limit) }).toString()}` : null;
  return { [listKey]: page.items.map(render), uri: collectionUrl, next_page_uri: next };
}
