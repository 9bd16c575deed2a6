/**
 * How records appear in answers, shared by the kinds' `render`: absolute URIs and `{id, uri}` refs (how
 * modules are shown is in ./modules.ts). No HTTP here: the base URL is the caller's, passed in.
 */
import type { OperationCall } from "./rules";
import type { BaseRecord, StoredKind, Store } from "./store";

/** Absolute URI of one resource of a kind. */
export function resourceUri(baseUrl: string, kind: StoredKind<BaseRecord>, id: string): string {
  return `${baseUrl}${kind.path}/${id}`;
}

export interface Ref {
  id: string;
  uri: string;
}

/** A `Ref` object: `{id, uri}`. */
export function ref(baseUrl: string, kind: StoredKind<BaseRecord>, id: string): Ref {
  return { id, uri: resourceUri(baseUrl, kind, id) };
}

/** A Ref to an id of any kind, found by its prefix (the record need not still exist). */
export function refById(baseUrl: string, store: Store, id: string): Ref {
  const kind = store.kindOf(id);
  if (!kind) throw new Error(`no kind has the prefix of ${id}`); // ids are checked before they are stored
  return ref(baseUrl, kind, id);
}

/**
 * With `updateAnswers: "spec"`, a backend PATCH that did not send `backends` answers them empty, as the
 * spec's samples show (§2.10, §2.11); a copy, so the stored record is untouched.
 */
export function specAnswer<R extends BaseRecord & { backends: unknown }>(call: OperationCall, record: R, empty: R["backends"]): R {
  return call.updateAnswers === "spec" && !Object.hasOwn(call.body, "backends") ? { ...record, backends: empty } : record;
}
