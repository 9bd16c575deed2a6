/**
 * Request validation on the wire (snake_case) shapes with zod, turned into API errors that name the wire
 * field path and the rule broken. Shared by every kind.
 */
import { z } from "zod";
import { ApiError, fieldError, preview, typeName, type ErrorCode } from "../errors";
import type { BaseRecord, Collection, Store, StoredKind } from "./store";
import { rfc3339Now } from "./ids";

/** A string limited in UTF-8 bytes (§8 counts bytes, not characters). */
export function utf8String(maxBytes: number) {
  const rule = `must be at most ${maxBytes} bytes (UTF-8)`;
  // The rule as metadata too: a refinement cannot be read back, and the API reference shows the limit.
  return z
    .string()
    .superRefine((value, ctx) => {
      const bytes = Buffer.byteLength(value, "utf8");
      if (bytes > maxBytes) addRule(ctx, [], rule, `${bytes}`);
    })
    .meta({ description: rule });
}

export const description = utf8String(255);
export const metadata = utf8String(4096);

/** A rule broken inside a refinement; `got` is appended to the message like fieldError does. */
export function addRule(ctx: z.RefinementCtx, path: PropertyKey[], rule: string, got?: string, code: ErrorCode = "INVALID_FIELD"): void {
  ctx.addIssue({ code: "custom", path, message: got === undefined ? rule : `${rule}, got ${got}`, params: { rule, code } });
}

/** A field that may be absent but not `null`; `rule` says why null is refused. */
export function notNull<S extends z.ZodType>(schema: S, rule: string) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      if (value === null) addRule(ctx, [], rule);
    })
    .pipe(schema)
    .optional();
}

/** `description` and `metadata`, writable on every kind. */
export const commonFields = { description: description.optional(), metadata: metadata.optional() };

/** Stored shape of the common fields (data file check). */
export const baseRecordFields = {
  id: z.string(),
  created_at: z.string(),
  description: z.string(),
  metadata: z.string(),
};

type Path = readonly PropertyKey[];

/** `ip_policy_ids[1]`, `backend.backend_id`. */
export function fieldPath(path: Path): string {
  return path.map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`)).join("");
}

function valueAt(body: unknown, path: Path): unknown {
  let value = body;
  for (const key of path) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const ARTICLE: Record<string, string> = {
  array: "an array",
  object: "an object",
  record: "an object",
  integer: "an integer",
  int: "an integer",
};

/** The fields of an object schema, also behind refinements and transforms. */
function fieldsOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in as z.ZodType);
  return [];
}

function issueToError(issue: z.core.$ZodIssue, body: unknown, schema: z.ZodType): ApiError {
  if (issue.code === "unrecognized_keys") {
    const field = fieldPath([...issue.path, issue.keys[0]]);
    const accepted = issue.path.length === 0 ? ` (accepted: ${fieldsOf(schema).join(", ") || "none"})` : "";
    return new ApiError("UNKNOWN_FIELD", `${field}: unknown field${accepted}`, { field, rule: "is not a known field" });
  }
  const field = fieldPath(issue.path);
  const value = valueAt(body, issue.path);
  if (value === undefined && (issue.code === "invalid_type" || issue.code === "invalid_value")) {
    return fieldError("MISSING_FIELD", field, "is required");
  }
  switch (issue.code) {
    case "invalid_type":
      return fieldError("INVALID_FIELD", field, `must be ${ARTICLE[issue.expected] ?? `a ${issue.expected}`}`, typeName(value));
    case "invalid_value":
      return fieldError("INVALID_FIELD", field, `must be one of ${issue.values.join(", ")}`, preview(value));
    case "too_small":
      return issue.origin === "array"
        ? fieldError("INVALID_FIELD", field, `must have at least ${issue.minimum} item(s)`, `${(value as unknown[]).length}`)
        : fieldError("INVALID_FIELD", field, `must be at least ${issue.minimum}`, preview(value));
    case "too_big":
      return issue.origin === "array"
        ? fieldError("INVALID_FIELD", field, `must have at most ${issue.maximum} item(s)`, `${(value as unknown[]).length}`)
        : fieldError("INVALID_FIELD", field, `must be at most ${issue.maximum}`, preview(value));
    case "custom": {
      // A custom rule may name its own code (MISSING_FIELD for a field another one requires).
      const code: ErrorCode = issue.params?.code ?? "INVALID_FIELD";
      const rule = typeof issue.params?.rule === "string" ? issue.params.rule : issue.message;
      return new ApiError(code, `${field}: ${issue.message}`, { field, rule });
    }
    default:
      return new ApiError("INVALID_FIELD", `${field}: ${issue.message}`, { field, rule: issue.message });
  }
}

/** What a request body was checked against: its schema and the fields a PATCH may not send. */
export type BodyObserver = (schema: z.ZodType, immutable: readonly string[]) => void;
let bodyObserver: BodyObserver | undefined;

/**
 * Sees every body schema parseBody checks until the returned function is called. The API reference
 * (generate/api-reference.ts) learns each route's body from the schema its handler really uses.
 */
export function observeBodies(observer: BodyObserver): () => void {
  bodyObserver = observer;
  return () => {
    if (bodyObserver === observer) bodyObserver = undefined;
  };
}

/**
 * Validate a request body against a strict wire schema. Fields named in `immutable` are rejected first
 * (IMMUTABLE_FIELD), then unknown fields, then the remaining issues in schema order; the first one wins.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: Record<string, unknown>, immutable: readonly string[] = []): z.output<S> {
  bodyObserver?.(schema, immutable);
  const frozen = immutable.find((name) => Object.hasOwn(body, name));
  if (frozen !== undefined) throw fieldError("IMMUTABLE_FIELD", frozen, "cannot be changed after creation");
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const first = issues.find((i) => i.code === "unrecognized_keys") ?? issues[0];
  throw issueToError(first, body, schema);
}

/** The fields every new record starts with. */
export function newBase(store: Store, kind: StoredKind<BaseRecord>, input: { description?: string; metadata?: string }) {
  return {
    id: store.newId(kind.prefix),
    created_at: rfc3339Now(),
    description: input.description ?? "",
    metadata: input.metadata ?? "",
  };
}

/** Every id must name an existing record of `kind`, once; errors name `<field>[i]`. */
export function checkRefs(store: Store, kind: StoredKind<BaseRecord>, ids: readonly string[] | undefined, field: string): void {
  const collection = store.collection(kind);
  ids?.forEach((id, i) => {
    const at = `${field}[${i}]`;
    if (!collection.get(id)) throw fieldError("INVALID_FIELD", at, `must be the id of an existing ${kind.label}`, preview(id));
    const first = ids.indexOf(id);
    if (first !== i) throw fieldError("INVALID_FIELD", at, `must not repeat ${field}[${first}]`, preview(id));
  });
}

/**
 * DELETE: 404 for a missing record, 409 while another record uses it (naming the first user and counting
 * the rest), else remove it with what it owns.
 */
export function deleteRecord(store: Store, kind: StoredKind<BaseRecord>, id: string): void {
  store.collection(kind).require(id);
  const [user, ...more] = store.usersOf(id);
  if (user) {
    const others = more.length > 0 ? ` (and ${more.length} more)` : "";
    throw new ApiError("CONFLICT", `${kind.label} ${id} is in use by ${user.kind.label} ${user.record.id}${others}`, {
      in_use_by: user.record.id,
    });
  }
  store.removeTree(kind, id);
}

/**
 * PATCH: 404 for a missing record, then validate, run the kind's extra checks, and change only the fields
 * sent. Nothing is stored unless everything passed.
 */
export function patchRecord<R extends BaseRecord, S extends z.ZodObject>(
  collection: Collection<R>,
  id: string,
  schema: S,
  body: Record<string, unknown>,
  options: { immutable?: readonly string[]; check?: (input: z.infer<S>) => void } = {},
): R {
  const current = collection.require(id);
  const input = parseBody(schema, body, options.immutable);
  options.check?.(input);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  return collection.replace({ ...current, ...changes });
}
