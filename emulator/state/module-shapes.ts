/**
 * The shapes of edge and route modules (§2.3, §2.6, §2.18, §2.19): request schemas with their defaults and
 * a kind's set of modules. What modules do with the store (reference checks, the module operations, how
 * answers show them) is in ./modules.ts, above the kinds they name.
 *
 * Each request schema's output is the stored shape: defaults are filled in by the schema, so one schema
 * serves requests and the data file check.
 */
import { z } from "zod";
import { preview } from "../errors";
import { addRule, notNull } from "./validation";

export const TLS_VERSIONS = ["1.0", "1.1", "1.2", "1.3"] as const;
/** The service's safe default when min_version is unset and TLS ends at the edge. */
export const DEFAULT_MIN_VERSION = "1.2";
export const TERMINATE_AT = ["edge", "upstream"] as const;
/** Neutral names for the webhook senders; the cloud notification sender signs without a shared secret. */
export const WEBHOOK_PROVIDERS = ["CODEHOST", "CHAT", "PAYMENTS", "MESSAGING", "CI", "TICKETS", "CLOUD_NOTIFICATIONS"] as const;
const SECRETLESS_WEBHOOK = "CLOUD_NOTIFICATIONS";
/** The eight OAuth providers by key (§2.6: "key = lowercase provider name"); only `github`, the code-hosting one, has teams and organizations. */
export const OAUTH_PROVIDERS = ["github", "facebook", "google", "microsoft", "gitlab", "linkedin", "twitch", "amazon"] as const;
const CODE_HOSTING = "github";
export const NAMEID_FORMATS = [
  "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:transient",
] as const;
export const DEFAULT_COOKIE_PREFIX = "ei_session.";

// ---- field shapes ---------------------------------------------------------------------------------

const enabled = z.boolean().default(true);
const flag = z.boolean().default(false);
const uint32 = z.int().min(0).max(4294967295);
/** Seconds; 0 lets the service choose. */
const seconds = uint32.default(0);
const strings = z.array(z.string().min(1)).default(() => []);

const TOKEN_RE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** An HTTP token (header names, cookie names). */
const token = (what: string) =>
  z.string().superRefine((value, ctx) => {
    if (!TOKEN_RE.test(value)) addRule(ctx, [], `must be ${what} (HTTP token characters)`, preview(value));
  });
const cookiePrefix = token("a cookie name prefix").default(DEFAULT_COOKIE_PREFIX);

/** Header values: no control characters but tab, so nothing can split the header. */
const headerValue = z.string().superRefine((value, ctx) => {
  if (/[\0-\x08\x0a-\x1f\x7f]/.test(value)) addRule(ctx, [], "must not contain control characters");
});
const headers = z.strictObject({
  enabled,
  // Header names are user data: kept exactly as sent, never case-converted.
  add: z
    .record(z.string(), headerValue)
    .superRefine((map, ctx) => {
      for (const name of Object.keys(map)) {
        if (!TOKEN_RE.test(name)) addRule(ctx, [name], "must be an HTTP header name (HTTP token characters)");
      }
    })
    .default(() => ({})),
  remove: z.array(token("an HTTP header name")).default(() => []),
});

const provider = (extra: z.core.$ZodLooseShape = {}) =>
  z
    .strictObject({
      client_id: z.string().min(1).nullable().default(null),
      client_secret: z.string().min(1).nullable().default(null),
      scopes: strings,
      email_addresses: strings,
      email_domains: strings,
      ...extra,
    })
    .superRefine((p, ctx) => {
      // §2.6: an own app needs both credentials; the managed app takes no scopes (§7.3).
      if (p.client_id !== null && p.client_secret === null)
        addRule(ctx, ["client_secret"], "is required when client_id is set", undefined, "MISSING_FIELD");
      if (p.client_secret !== null && p.client_id === null)
        addRule(ctx, ["client_id"], "is required when client_secret is set", undefined, "MISSING_FIELD");
      if (p.scopes.length > 0 && p.client_id === null)
        addRule(ctx, ["scopes"], "may only be set together with client_id and client_secret");
    });
const teams = z.array(
  z.string().superRefine((value, ctx) => {
    if (!/^[^/\s]+\/[^/\s]+$/.test(value)) addRule(ctx, [], "must have the form <org>/<team>", preview(value));
  }),
);
const PROVIDER_RULE = `is not one of the service's OAuth providers (${OAUTH_PROVIDERS.join(", ")})`;
const CODE_HOSTING_RULE = `is only accepted on ${CODE_HOSTING}, the code-hosting provider`;
const oauthProviders = z
  .unknown()
  .superRefine((value, ctx) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return; // the object's own rule says so
    for (const [key, settings] of Object.entries(value)) {
      if (!(OAUTH_PROVIDERS as readonly string[]).includes(key)) addRule(ctx, [key], PROVIDER_RULE, undefined, "UNKNOWN_FIELD");
      else if (key !== CODE_HOSTING && settings !== null && typeof settings === "object")
        for (const field of ["teams", "organizations"])
          if (field in settings) addRule(ctx, [key, field], CODE_HOSTING_RULE, undefined, "UNKNOWN_FIELD");
    }
  })
  .pipe(
    z
      .strictObject({
        github: provider({ teams: teams.default(() => []), organizations: strings }).optional(),
        facebook: provider().optional(),
        google: provider().optional(),
        microsoft: provider().optional(),
        gitlab: provider().optional(),
        linkedin: provider().optional(),
        twitch: provider().optional(),
        amazon: provider().optional(),
      })
      .superRefine((providers, ctx) => {
        const count = Object.keys(providers).length;
        if (count !== 1) addRule(ctx, [], `must have exactly one provider key (${OAUTH_PROVIDERS.join(", ")})`, String(count));
      }),
  );

const idpMetadata = z.string().superRefine((xml, ctx) => {
  if (!xml.trim().startsWith("<") || !xml.includes("EntityDescriptor")) {
    addRule(ctx, [], "must be the IdP's XML EntityDescriptor");
  }
});

const tlsTermination = z
  .strictObject({
    enabled,
    terminate_at: z.enum(TERMINATE_AT).default("edge"),
    min_version: z.enum(TLS_VERSIONS).nullable().optional(),
  })
  .superRefine((t, ctx) => {
    if (t.terminate_at === "upstream" && t.min_version != null) {
      addRule(ctx, ["min_version"], "must be null when terminate_at is upstream (TLS ends at the upstream)", JSON.stringify(t.min_version));
    }
  })
  .transform((t) => ({
    enabled: t.enabled,
    terminate_at: t.terminate_at,
    min_version: t.min_version ?? (t.terminate_at === "edge" ? DEFAULT_MIN_VERSION : null),
  }));

// ---- the modules ----------------------------------------------------------------------------------

/** Request schema of every module; its output is what is stored. */
const SCHEMAS = {
  backend: z.strictObject({ enabled, backend_id: z.string() }),
  ip_restriction: z.strictObject({ enabled, ip_policy_ids: z.array(z.string()).min(1) }),
  mutual_tls: z.strictObject({ enabled, certificate_authority_ids: z.array(z.string()).min(1) }),
  tls_termination: tlsTermination,
  circuit_breaker: z.strictObject({
    enabled,
    tripped_duration: uint32.default(10),
    rolling_window: uint32.default(10),
    num_buckets: z.int().min(1).max(128).default(10),
    volume_threshold: uint32.default(20),
    error_threshold_percentage: z.number().min(0).max(1).default(0.5),
  }),
  compression: z.strictObject({ enabled }),
  request_headers: headers,
  response_headers: headers,
  webhook_verification: z
    .strictObject({ enabled, provider: z.enum(WEBHOOK_PROVIDERS), secret: z.string().optional() })
    .superRefine((w, ctx) => {
      // Messages never repeat the secret.
      if (w.provider === SECRETLESS_WEBHOOK) {
        if (w.secret) addRule(ctx, ["secret"], `must be absent or empty for provider ${SECRETLESS_WEBHOOK}`);
      } else if (!w.secret) {
        addRule(
          ctx,
          ["secret"],
          `is required for provider ${w.provider}`,
          undefined,
          w.secret === undefined ? "MISSING_FIELD" : "INVALID_FIELD",
        );
      }
    })
    .transform((w) => ({ enabled: w.enabled, provider: w.provider, secret: w.secret ?? "" })),
  oauth: z.strictObject({
    enabled,
    provider: oauthProviders,
    options_passthrough: flag,
    cookie_prefix: cookiePrefix,
    inactivity_timeout: seconds,
    maximum_duration: seconds,
    auth_check_interval: seconds,
  }),
  saml: z.strictObject({
    enabled,
    options_passthrough: flag,
    cookie_prefix: cookiePrefix,
    inactivity_timeout: seconds,
    maximum_duration: seconds,
    idp_metadata: idpMetadata,
    force_authn: flag,
    allow_idp_initiated: flag,
    authorized_groups: strings,
    nameid_format: z.enum(NAMEID_FORMATS).default(NAMEID_FORMATS[0]),
  }),
  oidc: z.strictObject({ enabled }),
  websocket_tcp_converter: z.strictObject({ enabled }),
  user_agent_filter: z.strictObject({ enabled }),
  jwt_validation: z.strictObject({ enabled }),
};

export type ModuleName = keyof typeof SCHEMAS;
/** Stored modules of a record: a module that is unset is absent. */
export type Modules = { [K in ModuleName]?: z.output<(typeof SCHEMAS)[K]> };

/** HTTPS edges take `{enabled, min_version}`; TLS always ends at the edge there. */
export const httpsTlsTermination = z
  .strictObject({ enabled, min_version: z.enum(TLS_VERSIONS).nullable().optional() })
  .transform((t) => ({ enabled: t.enabled, terminate_at: "edge" as const, min_version: t.min_version ?? DEFAULT_MIN_VERSION }));

/** Makes the wire path of a module field for error messages: `backend.backend_id` in a body, `backend_id` in a PUT. */
export type At = (module: ModuleName, field?: string) => string;
export const bodyAt: At = (module, field) => (field === undefined ? module : `${module}.${field}`);

/** The modules one kind of record has, in response order, and the rules between them. */
export interface ModuleSet {
  readonly names: readonly ModuleName[];
  /** Request schemas that differ from the shared ones. */
  readonly requests?: { readonly [K in ModuleName]?: z.ZodType<Modules[K]> };
  /** Rules across modules, on the modules as they will be; `sent` are the modules of this request. */
  check?(modules: Modules, sent: readonly ModuleName[], at: At): void;
}

export function requestSchema(set: ModuleSet, name: ModuleName): z.ZodType {
  return set.requests?.[name] ?? SCHEMAS[name];
}

const NULL_MODULE_RULE = "must not be null: remove a module with DELETE on its module endpoint";

/** Body fields for the set: each module may be absent (unchanged) but not null. */
export function moduleFields(set: ModuleSet): Record<string, z.ZodType> {
  return Object.fromEntries(set.names.map((name) => [name, notNull(requestSchema(set, name), NULL_MODULE_RULE)]));
}

/** The provider keys of data files written before the emulator took the service's names, and the provider each stood for. */
const OLD_OAUTH_KEYS: Readonly<Record<string, (typeof OAUTH_PROVIDERS)[number]>> = {
  codehost: "github",
  social: "facebook",
  workspace: "google",
  directory: "microsoft",
  devops: "gitlab",
  professional: "linkedin",
  streaming: "twitch",
  commerce: "amazon",
};
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
/** A stored OAuth module with an old key reads as its provider: an older data file still loads. */
const storedOauth = z.preprocess((m) => {
  if (!isRecord(m) || !isRecord(m.provider)) return m;
  return { ...m, provider: Object.fromEntries(Object.entries(m.provider).map(([k, v]) => [OLD_OAUTH_KEYS[k] ?? k, v])) };
}, SCHEMAS.oauth);

/** Stored shape of a record's modules (data file check). */
export function storedModules(set: ModuleSet) {
  const stored = (name: ModuleName) => (name === "oauth" ? storedOauth : SCHEMAS[name]);
  return z.strictObject(Object.fromEntries(set.names.map((name) => [name, stored(name).optional()]))) as z.ZodType<Modules>;
}
