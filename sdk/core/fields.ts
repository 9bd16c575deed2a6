/**
 * Field rules shared by every kind, and the two places where zod results become our errors.
 * Request schemas use the builders here so each rule is stated by one message.
 */
import { z } from "zod";
import { RequestInfo, UnexpectedResponseError, ValidationError, ValidationIssue } from "./errors";

export const REQUIRED = "is required";
export const UNKNOWN_FIELD = "is not a known field";
export const DESCRIPTION_MAX_BYTES = 255;
export const METADATA_MAX_BYTES = 4096;

/** A string of at most `limit` UTF-8 bytes (the service counts bytes, not characters). */
export function maxBytesString(limit: number) {
  return z
    .string({ error: "must be a string" })
    .refine((v) => Buffer.byteLength(v, "utf8") <= limit, { error: `must be at most ${limit} bytes (UTF-8)` });
}

export const description = maxBytesString(DESCRIPTION_MAX_BYTES);
export const metadata = maxBytesString(METADATA_MAX_BYTES);

// Identifier shape: a short lowercase prefix, an underscore, then an opaque suffix.
const ID_SUFFIX = "[A-Za-z0-9]+";
const ANY_ID = new RegExp(`^[a-z][a-z0-9]*_${ID_SUFFIX}$`);

/** An id of one kind, e.g. `idWithPrefix("ipp_")`. */
export function idWithPrefix(prefix: string) {
  const shape = new RegExp(`^${prefix}${ID_SUFFIX}$`);
  return z
    .string({ error: "must be a string" })
    .refine((v) => shape.test(v), { error: `must be an id starting with "${prefix}"` });
}

/** An id whose kind is not fixed (an owner may be a user or a bot). */
export const anyId = z
  .string({ error: "must be a string" })
  .refine((v) => ANY_ID.test(v), { error: "must be an id: a lowercase prefix, an underscore, then an opaque suffix" });

/** A non-empty list of ids of one kind. */
export function idList(prefix: string) {
  return z.array(idWithPrefix(prefix), { error: "must be a list of ids" }).min(1, { error: "must have at least 1 item" });
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(", ")}` });
}

export const boolean = z.boolean({ error: "must be a boolean" });

/** Request parameters: camelCase and strict, so a misspelt key fails instead of being dropped. */
export function params<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape, { error: (iss) => (iss.code === "unrecognized_keys" ? UNKNOWN_FIELD : "must be an object") });
}

/** A field that exists only at creation: in update params it may only be absent. */
export const immutable = z.undefined({ error: "cannot be changed after creation" }).optional();

/** A path id for get/update/delete: empty or dot segments would address another URL. */
export const pathId = z
  .string({ error: "must be a string" })
  .refine((v) => v !== "" && v !== "." && v !== "..", { error: "must be a non-empty id" });

// Response building blocks: tolerant, since the service may add fields or leave optional text unset.
export const Ref = z.object({ id: z.string(), uri: z.string() });
export type Ref = z.infer<typeof Ref>;
export const timestamp = z.string();
/** Optional text (description, metadata): unset comes back as "" or null; always a string here. */
export const text = z
  .string()
  .nullish()
  .transform((v) => v ?? "");

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
 */
export function issuesFrom(error: z.ZodError, input: unknown): ValidationIssue[] {
  return error.issues.flatMap((issue): ValidationIssue[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ field: formatPath([...issue.path, key]), rule: UNKNOWN_FIELD }));
    }
    const missing = issue.code !== "custom" && valueAt(input, issue.path) === undefined;
    return [{ field: formatPath(issue.path), rule: missing ? REQUIRED : issue.message }];
  });
}

/** Validates request parameters before anything is sent; `name` labels a scalar argument (`id`). */
export function parseParams<T>(schema: z.ZodType<T>, input: unknown, name = ""): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ValidationError(issuesFrom(result.error, input).map((i) => ({ ...i, field: i.field || name })));
}

/** Checks a 2xx body (already camelCase) against its response schema. */
export function parseResponse<T>(schema: z.ZodType<T>, data: unknown, status: number, operationId: string | undefined, request: RequestInfo): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new UnexpectedResponseError(status, operationId, request, issuesFrom(result.error, data));
}
