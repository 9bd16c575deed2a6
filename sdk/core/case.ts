/**
 * The only place where keys change between the camelCase TypeScript surface and the snake_case wire.
 */

/**
 * Wire names of map-valued fields whose keys are user data (label names, header names, SSH option
 * names, child backend ids): their keys pass through unchanged. A field of that name holding a list
 * (the failover backend's `backends`) is converted as usual.
 */
export const USER_KEYED_FIELDS: ReadonlySet<string> = new Set(["labels", "add", "critical_options", "extensions", "backends"]);

/** `ip_policy_ids` → `ipPolicyIds`; an underscore before a digit stays, so the mapping round-trips. */
export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** `ipPolicyIds` → `ip_policy_ids`. */
export function camelToSnake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

const USER_KEYED_CAMEL: ReadonlySet<string> = new Set([...USER_KEYED_FIELDS].map(snakeToCamel));

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, rename: (key: string) => string, userKeyed: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, rename, userKeyed));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[rename(key)] = userKeyed.has(key) && isPlainObject(inner) ? { ...inner } : convertKeys(inner, rename, userKeyed);
  }
  return out;
}

/** camelCase request value → snake_case wire value: every key renamed, at any depth, but user data. */
export function snakeCaseKeys(value: unknown): unknown {
  return convertKeys(value, camelToSnake, USER_KEYED_CAMEL);
}

/** snake_case wire value → camelCase value: every key renamed, at any depth, but user data. */
export function camelCaseKeys(value: unknown): unknown {
  return convertKeys(value, snakeToCamel, USER_KEYED_FIELDS);
}

/**
 * A field path reported by the server (`ip_policy_ids[0]`, `labels.team_name`) in TypeScript naming
 * (`ipPolicyIds[0]`, `labels.team_name`): a segment after a user-keyed field is user data and stays.
 */
export function wirePathToCamel(path: string): string {
  let userKey = false;
  return path
    .split(".")
    .map((segment) => {
      const name = segment.replace(/\[.*$/, "");
      const out = userKey ? segment : snakeToCamel(name) + segment.slice(name.length);
      userKey = !userKey && USER_KEYED_FIELDS.has(name) && name === segment;
      return out;
    })
    .join(".");
}
