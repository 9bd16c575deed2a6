/** Failover backends (spec §2.11, §4.7): child backends tried in order. */
import { z } from "zod";
import { backendId, description, metadata, params, text, timestamp, uniqueItems } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import type * as types from "../types";

export const failoverBackendsIdPrefix = "bkdfo_";

/** @internal */
export const FailoverBackend = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  backends: z.array(z.string()).describe("Child backend ids, first choice first."),
});
export type FailoverBackend = types.FailoverBackend;

const children = uniqueItems(z.array(backendId, { error: "must be a list of ids" }).min(1, { error: "must have at least 1 item" }));

/** @internal */
export const FailoverBackendCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  backends: children.describe(
    "Child backend ids (`bkdtg_`, `bkdwd_`, `bkdfo_` or `bkdhr_`), in the order they are tried: at least one, none repeated, each an existing backend.",
  ),
});
export type FailoverBackendCreateParams = types.FailoverBackendCreateParams;

/** @internal */
export const FailoverBackendUpdateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  backends: children.optional().describe("When given, replaces the whole list (still at least one id); left out, it is unchanged."),
});
export type FailoverBackendUpdateParams = types.FailoverBackendUpdateParams;

export class FailoverBackends extends CrudResource<FailoverBackend, FailoverBackendCreateParams, FailoverBackendUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/backends/failover",
      listKey: "backends",
      model: FailoverBackend,
      createParams: FailoverBackendCreateParams,
      updateParams: FailoverBackendUpdateParams,
    });
  }
}
