/** Public surface of the API client: `@edge-ingress/pulumi/sdk`. */
export { VERSION } from "./version";
export { EdgeIngress, API_KEY_ENV, BASE_URL_ENV, DEFAULT_TIMEOUT_MS, isHttpUrl } from "./client";
export type { ClientOptions, LowLevelOptions } from "./client";
export * from "./core/errors";
// Field builders under one name (their short names would crowd the package namespace).
export * as fields from "./core/fields";
export { BACKEND_ID_PREFIXES, DESCRIPTION_MAX_BYTES, METADATA_MAX_BYTES, Ref } from "./core/fields";
// Take or make zod schemas: exported for the provider, out of the public declarations (sdk/types.ts).
/** @internal */
export { parseParams, parseResponse } from "./core/fields";
export { HTTP_RESPONSE_BACKEND_ID_PREFIX, ID_PREFIXES, type PrefixedKind } from "./core/id-prefixes";
export { USER_KEYED_FIELDS, camelCaseKeys, camelToSnake, snakeCaseKeys, snakeToCamel, wirePathToCamel } from "./core/case";
/** @deprecated Renamed `snakeCaseKeys`. */
export { snakeCaseKeys as toWire } from "./core/case";
/** @deprecated Renamed `camelCaseKeys`. */
export { camelCaseKeys as fromWire } from "./core/case";
export { EXTENSIONS_HEADER, HttpClient, IDEMPOTENCY_KEY_HEADER, SERVICE_VERSION, defaultUserAgent } from "./core/http";
export type { APIResponse, HttpConfig, HttpMethod, RequestOptions, ServiceInfo } from "./core/http";
export { ListParams, MAX_PAGE_SIZE, Page, PageIterator } from "./core/pagination";
/** @internal */
export { listAll } from "./core/pagination";
export { CrudResource, ModularCrudResource, ModuleOperations, Operations, ReadResource, itemPath } from "./core/resource";
export type { CreateOptions, ModuleName, ModuleOf, ModuleParamsOf, ModuleTypes } from "./core/resource";
/** @internal */
export type { ResourceDefinition, ModuleSchemas, ModuleSet, ReadDefinition } from "./core/resource";
export { path } from "./core/path";
export { KEY_TYPES, leafKeyMismatch, readCertificateChain, readCertificates, readPrivateKey, readSshPublicKey } from "./core/crypto";
export type { KeyType, ReadResult } from "./core/crypto";
export {
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_TIME_MS,
  IDEMPOTENT_METHODS,
  backoffDelay,
  isRetryable,
  nextDelay,
  parseRetryAfter,
} from "./core/retry";
export type { Failure, RetryPolicy } from "./core/retry";
export { DEFAULT_RATE_LIMIT_WAIT_MS, Pacer, readRateLimitHeaders } from "./core/pacer";
export type { Answer, PacerClock, RateLimitHeaders, Ticket } from "./core/pacer";
export * from "./resources";
