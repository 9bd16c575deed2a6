/**
 * Field rules shared by every kind, and the two places where zod results become our errors.
 * Request schemas use the builders here so each rule is stated by one message.
 */
import { z } from "zod";
import { RequestInfo, UnexpectedResponseError, ValidationError, ValidationIssue } from "./errors";
import { HTTP_RESPONSE_BACKEND_ID_PREFIX, ID_PREFIXES } from "./id-prefixes";
import type * as types from "../types";

export const REQUIRED = "is required";
export const UNKNOWN_FIELD = "is not a known field";
export const DESCRIPTION_MAX_BYTES = 255;
export const METADATA_MAX_BYTES = 4096;

/** A string of at most `limit` UTF-8 bytes (the service counts bytes, not characters); the rule gives the length found. @internal */
export function maxBytesString(limit: number) {
  return z.string({ error: "must be a string" }).superRefine((v, ctx) => {
    const bytes = Buffer.byteLength(v, "utf8");
    if (bytes > limit) ctx.addIssue({ code: "custom", message: `must be at most ${limit} bytes (UTF-8), got ${bytes} bytes` });
  });
}

/** @internal */
export const description = maxBytesString(DESCRIPTION_MAX_BYTES);
/** @internal */
export const metadata = maxBytesString(METADATA_MAX_BYTES);

// Identifier shape: a short lowercase prefix, an underscore, then an opaque suffix.
const ID_SUFFIX = "[A-Za-z0-9]+";
const ANY_ID = new RegExp(`^[a-z][a-z0-9]*_${ID_SUFFIX}$`);

/** An id of one kind, e.g. `idWithPrefix("ipp_")`, or of one of several (`idWithPrefix("bkdtg_", "bkdwd_")`). @internal */
export function idWithPrefix(...prefixes: [string, ...string[]]) {
  const shape = new RegExp(`^(?:${prefixes.join("|")})${ID_SUFFIX}$`);
  const quoted = prefixes.map((p) => `"${p}"`);
  const names = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
  return z.string({ error: "must be a string" }).refine((v) => shape.test(v), { error: `must be an id starting with ${names}` });
}

/** An id whose kind is not fixed (an owner may be a user or a bot). @internal */
export const anyId = z
  .string({ error: "must be a string" })
  .refine((v) => ANY_ID.test(v), { error: "must be an id: a lowercase prefix, an underscore, then an opaque suffix" });

/** A non-empty list of ids of one kind (or of one of several). @internal */
export function idList(...prefixes: [string, ...string[]]) {
  return z.array(idWithPrefix(...prefixes), { error: "must be a list of ids" }).min(1, { error: "must have at least 1 item" });
}

/** A list in which no item repeats an earlier one; the issue names the repeating index. @internal */
// Generic in the schema, not its item, so that the schema's input type stays the list's (sdk/types.ts).
export function uniqueItems<S extends z.ZodType<unknown[]>>(list: S) {
  return list.superRefine((items, ctx) => {
    items.forEach((item, i) => {
      if (items.indexOf(item) !== i) ctx.addIssue({ code: "custom", path: [i], message: "must not repeat an earlier item" });
    });
  });
}

/** @internal */
export const string = z.string({ error: "must be a string" });
/** @internal */
export const nonEmptyString = string.min(1, { error: "must not be empty" });

/** An object whose keys are user data (labels, header names, backend ids). @internal */
export function stringMap<K extends z.core.$ZodRecordKey, V extends z.ZodType>(key: K, value: V) {
  return z.record(key, value, { error: "must be an object" });
}

export const UINT32_MAX = 4_294_967_295;

/** An integer from `min` to `max` inclusive. @internal */
export function intRange(min: number, max: number) {
  return z
    .int({ error: "must be an integer" })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });
}

/** @internal */
export const uint32 = intRange(0, UINT32_MAX);

/** @internal */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(", ")}` });
}

/** @internal */
export const boolean = z.boolean({ error: "must be a boolean" });

/** Every backend kind (§2.1): a module or a weighted/failover backend may point at any of them. */
export const BACKEND_ID_PREFIXES = [
  ID_PREFIXES.tunnelGroupBackends,
  ID_PREFIXES.weightedBackends,
  ID_PREFIXES.failoverBackends,
  HTTP_RESPONSE_BACKEND_ID_PREFIX,
] as const;
/** @internal */
export const backendId = idWithPrefix(...BACKEND_ID_PREFIXES);

// A lowercase DNS name: labels of letters, digits and inner hyphens, optionally `*.` in front, at
// most 253 characters. host:port adds a port from 1 to 65535 without leading zeros.
const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const DOMAIN = `(?:\\*\\.)?${LABEL}(?:\\.${LABEL})*`;
const DOMAIN_NAME = new RegExp(`^${DOMAIN}$`);
const HOSTPORT = new RegExp(`^(${DOMAIN}):([1-9][0-9]{0,4})$`);
export const DOMAIN_RULE = "must be a lowercase DNS name (optionally *. in front) of at most 253 characters";

/** A domain as the service writes it (reserved domains, ACL rules). */
export function isDomainName(value: string): boolean {
  return value.length <= 253 && DOMAIN_NAME.test(value);
}

/** @internal */
export const domainName = z.string({ error: "must be a string" }).refine(isDomainName, { error: DOMAIN_RULE });

export function isHostport(value: string): boolean {
  const match = HOSTPORT.exec(value);
  return match !== null && match[1].length <= 253 && Number(match[2]) <= 65535;
}

/** @internal */
export const hostport = z
  .string({ error: "must be a string" })
  .refine(isHostport, { error: "must be host:port with a lowercase DNS name (optionally *.) and a port from 1 to 65535" });

/** An edge's hostports: at least one, none repeated. @internal */
export const hostports = uniqueItems(
  z.array(hostport, { error: "must be a list of host:port strings" }).min(1, { error: "must have at least 1 item" }),
);

/** Request parameters: camelCase and strict, so a misspelt key fails instead of being dropped. @internal */
export function params<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape, { error: (iss) => (iss.code === "unrecognized_keys" ? UNKNOWN_FIELD : "must be an object") });
}

export const MODULE_NOT_NULL = "cannot be null: remove a module with deleteModule";

/** A module's request object: strict like `params`; `null` is refused with the way to remove a module. @internal */
export function moduleParams<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape, {
    error: (iss) => (iss.code === "unrecognized_keys" ? UNKNOWN_FIELD : iss.input === null ? MODULE_NOT_NULL : "must be an object"),
  });
}

/** An RFC 3339 timestamp with a zone (`2025-01-01T00:00:00Z`, `...+02:00`), as requests send them. @internal */
export const rfc3339 = z.iso.datetime({ offset: true, error: "must be an RFC 3339 timestamp with a time zone" });

/** A field that exists only at creation: in update params it may only be absent. @internal */
export const immutable = z
  .undefined({ error: "cannot be changed after creation" })
  .optional()
  .describe("Fixed at creation: in update params it may only be absent.");

/** Whether a field is `immutable`, or a copy of it with its own doc (`.describe()` keeps the definition). @internal */
export const isImmutable = (schema: unknown): boolean => schema instanceof z.ZodType && schema._zod.def === immutable._zod.def;

/** A path id for get/update/delete: empty or dot segments would address another URL. @internal */
export const pathId = z
  .string({ error: "must be a string" })
  .refine((v) => v !== "" && v !== "." && v !== "..", { error: "must be a non-empty id" });

// Response building blocks: tolerant, since the service may add fields or leave optional text unset.
/** @internal */
export const Ref = z.object({ id: z.string(), uri: z.string() }).describe("A reference to another resource: its id and API URI.");
export type Ref = types.Ref;
/** @internal */
export const timestamp = z.string();
/**
 * Optional text (description, metadata): unset comes back as "" or null; always a string here. Unset
 * values are filled in before the schema of the result checks them (a preprocess, not a transform), so
 * that the schema states the result's type (generate/sdk-types.ts prints it).
 * @internal
 */
export const text = z.preprocess((v) => v ?? "", z.string());

/** A list or map in a response whose unset value (null or absent) reads as `empty`. @internal */
export function orEmpty<T>(schema: z.ZodType<T>, empty: T) {
  return z.preprocess((v) => v ?? empty, schema);
}

/** A value in a response whose unset value (null or absent) reads as null. @internal */
export function orNull<T>(schema: z.ZodType<T>) {
  return z.preprocess((v) => v ?? null, schema.nullable());
}

/** A module or optional object in a response: unset is null (absent is read as null too). @internal */
export function nullable<S extends z.ZodType>(schema: S) {
  return schema.nullable().default(null);
}

/** `ipPolicyIds[0]`, `backend.backendId`: the form used in every `field`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    return out === "" ? String(key) : `${out}.${String(key)}`;
  }, "");
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * zod issues → our issues. The rule is the message stating it, the same convention as the service's
 * `details.rule`; values are never copied in (they may be secrets).
 * @internal
 */
export function issuesFrom(error: z.ZodError, input: unknown): ValidationIssue[] {
  return error.issues.flatMap((issue): ValidationIssue[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ field: formatPath([...issue.path, key]), rule: UNKNOWN_FIELD }));
    }
    // A bad map key (a header name, a backend id) is reported by the key's own rule.
    if (issue.code === "invalid_key") return [{ field: formatPath(issue.path), rule: issue.issues[0]?.message ?? issue.message }];
    const missing = issue.code !== "custom" && valueAt(input, issue.path) === undefined;
    return [{ field: formatPath(issue.path), rule: missing ? REQUIRED : issue.message }];
  });
}

/** Validates request parameters before anything is sent; `name` labels a scalar argument (`id`). @internal */
export function parseParams<T>(schema: z.ZodType<T>, input: unknown, name = ""): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ValidationError(issuesFrom(result.error, input).map((i) => ({ ...i, field: i.field || name })));
}

/** Checks a 2xx body (already camelCase) against its response schema. @internal */
export function parseResponse<T>(
  schema: z.ZodType<T>,
  data: unknown,
  status: number,
  operationId: string | undefined,
  request: RequestInfo,
): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new UnexpectedResponseError(status, operationId, request, issuesFrom(result.error, data));
}
