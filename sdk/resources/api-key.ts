/** API keys (spec §2.2, §4.2). The token is returned by create only; every later read has `token: null`. */
import { z } from "zod";
import { anyId, description, immutable, metadata, orNull, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import type * as types from "../types";

/** @internal */
export const ApiKey = z.object({
  id: z.string(),
  uri: z.string(),
  description: text,
  metadata: text,
  createdAt: timestamp,
  token: orNull(z.string()).describe(
    "The bearer token API requests authenticate with: only in the create answer, null in every other response (it cannot be read again).",
  ),
  ownerId: z.string().describe("The user or bot (`usr_...` or `bot_...`) that owns the key."),
});
export type ApiKey = types.ApiKey;

/** @internal */
export const ApiKeyCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  ownerId: anyId.optional().describe("A user or bot; defaults to the caller. Only admins may name someone else."),
});
export type ApiKeyCreateParams = types.ApiKeyCreateParams;

/** @internal */
export const ApiKeyUpdateParams = params({
  ownerId: immutable.describe("Fixed at creation."),
  description: description.optional(),
  metadata: metadata.optional(),
});
export type ApiKeyUpdateParams = types.ApiKeyUpdateParams;

export class ApiKeys extends CrudResource<ApiKey, ApiKeyCreateParams, ApiKeyUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/api_keys",
      listKey: "keys",
      model: ApiKey,
      createParams: ApiKeyCreateParams,
      updateParams: ApiKeyUpdateParams,
    });
  }
}
export const apiKeysIdPrefix = "ak_";
