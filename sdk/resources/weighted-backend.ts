/** Weighted backends (spec §2.10, §4.7): traffic split across child backends by weight. */
import { z } from "zod";
import { backendId, description, intRange, metadata, params, stringMap, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import type * as types from "../types";

export const weightedBackendsIdPrefix = "bkdwd_";
export const MAX_WEIGHT = 10_000;

/** @internal */
export const WeightedBackend = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  backends: z.record(z.string(), z.number()).describe("Child backend id → weight; the ids are never case-converted."),
});
export type WeightedBackend = types.WeightedBackend;

const weights = stringMap(backendId, intRange(0, MAX_WEIGHT)).refine((m) => Object.keys(m).length > 0, {
  error: "must have at least 1 entry",
});

/** @internal */
export const WeightedBackendCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  backends: weights.describe(
    "Child backend id (`bkdtg_`, `bkdwd_`, `bkdfo_` or `bkdhr_`) → weight, an integer from 0 to 10000: at least one entry, each an existing backend.",
  ),
});
export type WeightedBackendCreateParams = types.WeightedBackendCreateParams;

/** @internal */
export const WeightedBackendUpdateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  backends: weights.optional().describe("When given, replaces the whole map (still at least one entry); left out, it is unchanged."),
});
export type WeightedBackendUpdateParams = types.WeightedBackendUpdateParams;

export class WeightedBackends extends CrudResource<WeightedBackend, WeightedBackendCreateParams, WeightedBackendUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/backends/weighted",
      listKey: "backends",
      model: WeightedBackend,
      createParams: WeightedBackendCreateParams,
      updateParams: WeightedBackendUpdateParams,
    });
  }
}
