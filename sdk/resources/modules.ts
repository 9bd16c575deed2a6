/**
 * Edge and route modules (spec §2.3, §2.6, §2.18, §2.19; the choices the spec leaves open are in
 * docs/api-choices.md): every module's request schema, strict so that a provider can check it at
 * preview time, and its response schema, tolerant of fields the service may add. A module's request
 * and response shapes differ (`backendId` in, `backend: Ref` out).
 */
import { z } from "zod";
import {
  REQUIRED,
  Ref,
  backendId,
  boolean,
  idList,
  intRange,
  nonEmptyString,
  moduleParams,
  nullable,
  oneOf,
  params,
  string,
  stringMap,
  text,
  uint32,
} from "../core/fields";
import type { ModuleSet } from "../core/resource";
import { IP_POLICY_ID_PREFIX } from "./ip-policy";
import { ID_PREFIXES } from "../core/id-prefixes";
import type * as types from "../types";

export const CERTIFICATE_AUTHORITY_ID_PREFIX = ID_PREFIXES.certificateAuthorities;

const enabled = boolean.optional().describe("The module is applied to traffic unless `enabled: false`.");
const enabledOut = z.boolean().describe("Whether the module is applied to traffic.");

type Ctx = z.core.$RefinementCtx;
function issue(ctx: Ctx, path: PropertyKey[], message: string): void {
  ctx.addIssue({ code: "custom", path, message });
}

// --- backend ---------------------------------------------------------------------------------

/** @internal */
export const BackendModuleParams = moduleParams({ enabled, backendId });
export type BackendModuleParams = types.BackendModuleParams;
/** @internal */
export const BackendModule = z.object({ enabled: enabledOut, backend: Ref });
export type BackendModule = types.BackendModule;

// --- ip_restriction --------------------------------------------------------------------------

/** @internal */
export const IpRestrictionModuleParams = moduleParams({ enabled, ipPolicyIds: idList(IP_POLICY_ID_PREFIX) });
export type IpRestrictionModuleParams = types.IpRestrictionModuleParams;
/** @internal */
export const IpRestrictionModule = z.object({ enabled: enabledOut, ipPolicies: z.array(Ref) });
export type IpRestrictionModule = types.IpRestrictionModule;

// --- mutual_tls ------------------------------------------------------------------------------

/** @internal */
export const MutualTlsModuleParams = moduleParams({ enabled, certificateAuthorityIds: idList(CERTIFICATE_AUTHORITY_ID_PREFIX) });
export type MutualTlsModuleParams = types.MutualTlsModuleParams;
/** @internal */
export const MutualTlsModule = z.object({ enabled: enabledOut, certificateAuthorities: z.array(Ref) });
export type MutualTlsModule = types.MutualTlsModule;

// --- tls_termination -------------------------------------------------------------------------

export const TERMINATE_AT = ["edge", "upstream"] as const;
export const TLS_VERSIONS = ["1.0", "1.1", "1.2", "1.3"] as const;
/** What the service picks when `minVersion` is unset and TLS ends at the edge. */
export const DEFAULT_MIN_VERSION = "1.2";
const minVersion = oneOf(TLS_VERSIONS).nullable().optional();

/** @internal */
export const TlsTerminationModuleParams = moduleParams({ enabled, terminateAt: oneOf(TERMINATE_AT).optional(), minVersion })
  .superRefine((v, ctx) => {
    if (v.terminateAt === "upstream" && v.minVersion != null) issue(ctx, ["minVersion"], "must be null when terminateAt is upstream");
  })
  .describe(
    "The TLS termination module's config of a TLS edge, as a request sets it. TLS edges: TLS may pass through (`upstream`), and then the service has no version to enforce.",
  );
export type TlsTerminationModuleParams = types.TlsTerminationModuleParams;

/** @internal */
export const HttpsTlsTerminationModuleParams = moduleParams({ enabled, minVersion }).describe(
  "The TLS termination module's config of an HTTPS edge, as a request sets it. HTTPS edges always terminate at the edge, so only the version is set.",
);
export type HttpsTlsTerminationModuleParams = types.HttpsTlsTerminationModuleParams;

/** @internal */
export const TlsTerminationModule = z.object({ enabled: enabledOut, terminateAt: z.string(), minVersion: nullable(z.string()) });
export type TlsTerminationModule = types.TlsTerminationModule;

// --- circuit_breaker -------------------------------------------------------------------------

export const CIRCUIT_BREAKER_DEFAULTS = {
  trippedDuration: 10,
  rollingWindow: 10,
  numBuckets: 10,
  volumeThreshold: 20,
  errorThresholdPercentage: 0.5,
} as const;

/** @internal */
export const CircuitBreakerModuleParams = moduleParams({
  enabled,
  trippedDuration: uint32.optional().describe("Seconds before an open circuit is re-evaluated."),
  rollingWindow: uint32.optional().describe("Seconds of the statistical window."),
  numBuckets: intRange(1, 128).optional(),
  volumeThreshold: uint32.optional().describe("Requests within a window needed before the circuit can trip."),
  errorThresholdPercentage: z
    .number({ error: "must be a number" })
    .min(0, { error: "must be at least 0" })
    .max(1, { error: "must be at most 1" })
    .optional()
    .describe("A fraction from 0 to 1, not a percentage."),
});
export type CircuitBreakerModuleParams = types.CircuitBreakerModuleParams;
/** @internal */
export const CircuitBreakerModule = z.object({
  enabled: enabledOut,
  trippedDuration: z.number(),
  rollingWindow: z.number(),
  numBuckets: z.number(),
  volumeThreshold: z.number(),
  errorThresholdPercentage: z.number(),
});
export type CircuitBreakerModule = types.CircuitBreakerModule;

// --- modules that are only switched on or off (compression; oidc, websocket_tcp_converter, ---
// --- user_agent_filter and jwt_validation, whose other fields the spec does not show) --------

/** @internal */
export const EnabledModuleParams = moduleParams({ enabled }).describe(
  "The config of a module that is only switched on or off (compression, oidc, websocketTcpConverter, userAgentFilter, jwtValidation), as a request sets it.",
);
export type EnabledModuleParams = types.EnabledModuleParams;
/** @internal */
export const EnabledModule = z
  .object({ enabled: enabledOut })
  .describe(
    "The config of a module that is only switched on or off (compression, oidc, websocketTcpConverter, userAgentFilter, jwtValidation), as the API returns it.",
  );
export type EnabledModule = types.EnabledModule;

// --- request_headers / response_headers ------------------------------------------------------

// RFC 9110 token characters: header names, cookie names.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const headerName = string.regex(TOKEN, { error: "must be an HTTP header name (letters, digits and !#$%&'*+-.^_`|~)" });
/** No control characters but tab, so a value cannot split the header. */
const headerValue = string.regex(/^[^\0-\x08\x0a-\x1f\x7f]*$/, { error: "must not contain control characters" });

/** @internal */
export const HeadersModuleParams = moduleParams({
  enabled,
  add: stringMap(headerName, headerValue).optional(),
  remove: z.array(headerName, { error: "must be a list of header names" }).optional(),
}).describe(
  "The request or response headers module's config, as a request sets it. Header names (keys of `add`) are user data: they reach the wire exactly as written.",
);
export type HeadersModuleParams = types.HeadersModuleParams;
/** @internal */
export const HeadersModule = z
  .object({
    enabled: enabledOut,
    add: z.record(z.string(), z.string()).default({}),
    remove: z.array(z.string()).default([]),
  })
  .describe("The request or response headers module's config, as the API returns it.");
export type HeadersModule = types.HeadersModule;

// --- oauth -----------------------------------------------------------------------------------

/** Neutral names of the eight identity providers; only `codehost` has `teams` and `organizations`. */
export const OAUTH_PROVIDERS = ["codehost", "social", "workspace", "directory", "professional", "devops", "streaming", "commerce"] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];
/** The service's session cookie prefix when none is given. */
export const DEFAULT_COOKIE_PREFIX = "ei_session.";

const cookiePrefix = string.regex(TOKEN, { error: "must be a cookie name prefix (letters, digits and !#$%&'*+-.^_`|~)" });
const nonEmptyStrings = z.array(nonEmptyString, { error: "must be a list of strings" });

const oauthProviderFields = {
  clientId: nonEmptyString.optional().describe("Omit both id and secret to use the service's managed app."),
  clientSecret: nonEmptyString.optional(),
  scopes: nonEmptyStrings.optional().describe("Needs your own app (clientId and clientSecret)."),
  emailAddresses: nonEmptyStrings.optional(),
  emailDomains: nonEmptyStrings.optional(),
};

// An own app needs both halves of its credentials; scopes need an own app.
function credentialRule(v: { clientId?: string; clientSecret?: string; scopes?: string[] }, ctx: Ctx): void {
  if (v.clientId !== undefined && v.clientSecret === undefined) issue(ctx, ["clientSecret"], "is required when clientId is set");
  if (v.clientSecret !== undefined && v.clientId === undefined) issue(ctx, ["clientId"], "is required when clientSecret is set");
  if (v.scopes?.length && (v.clientId === undefined || v.clientSecret === undefined)) {
    issue(ctx, ["scopes"], "requires clientId and clientSecret");
  }
}

/** @internal */
export const OAuthProviderConfigParams = params(oauthProviderFields)
  .superRefine(credentialRule)
  .describe("One OAuth identity provider's settings, as a request sets them.");
export type OAuthProviderConfigParams = types.OAuthProviderConfigParams;
/** @internal */
export const CodehostOAuthProviderConfigParams = params({
  ...oauthProviderFields,
  teams: z
    .array(string.regex(/^[^/\s]+\/[^/\s]+$/, { error: "must have the form <org>/<team>" }), { error: "must be a list of strings" })
    .optional()
    .describe("`<org>/<team>` slugs; a member of any is allowed."),
  organizations: nonEmptyStrings.optional(),
})
  .superRefine(credentialRule)
  .describe("The `codehost` OAuth identity provider's settings, as a request sets them: only `codehost` has `teams` and `organizations`.");
export type CodehostOAuthProviderConfigParams = types.CodehostOAuthProviderConfigParams;

/** @internal */
export const OAuthProviderParams = params({
  codehost: CodehostOAuthProviderConfigParams.optional(),
  social: OAuthProviderConfigParams.optional(),
  workspace: OAuthProviderConfigParams.optional(),
  directory: OAuthProviderConfigParams.optional(),
  professional: OAuthProviderConfigParams.optional(),
  devops: OAuthProviderConfigParams.optional(),
  streaming: OAuthProviderConfigParams.optional(),
  commerce: OAuthProviderConfigParams.optional(),
})
  .superRefine((v, ctx) => {
    const set = Object.values(v).filter((config) => config !== undefined).length;
    if (set !== 1) issue(ctx, [], `must have exactly one of ${OAUTH_PROVIDERS.join(", ")}`);
  })
  .describe("The OAuth module's identity provider, as a request sets it. Exactly one provider key.");
export type OAuthProviderParams = types.OAuthProviderParams;

/** @internal */
export const OAuthModuleParams = moduleParams({
  enabled,
  provider: OAuthProviderParams,
  optionsPassthrough: boolean.optional().describe("Lets HTTP OPTIONS through unauthenticated (CORS preflight)."),
  cookiePrefix: cookiePrefix.optional(),
  inactivityTimeout: uint32.optional().describe("Seconds; 0 means the service's default."),
  maximumDuration: uint32.optional(),
  authCheckInterval: uint32.optional(),
});
export type OAuthModuleParams = types.OAuthModuleParams;

const stringsOut = z.array(z.string()).default([]);
/** @internal */
export const OAuthProviderConfig = z
  .object({
    clientId: nullable(z.string()),
    clientSecret: nullable(z.string()),
    scopes: stringsOut,
    emailAddresses: stringsOut,
    emailDomains: stringsOut,
    teams: z.array(z.string()).optional(),
    organizations: z.array(z.string()).optional(),
  })
  .describe("One OAuth identity provider's settings, as the API returns them. `clientSecret` is a secret: the service returns it.");
export type OAuthProviderConfig = types.OAuthProviderConfig;
/** @internal */
export const OAuthModule = z.object({
  enabled: enabledOut,
  provider: z
    .object({
      codehost: OAuthProviderConfig.optional(),
      social: OAuthProviderConfig.optional(),
      workspace: OAuthProviderConfig.optional(),
      directory: OAuthProviderConfig.optional(),
      professional: OAuthProviderConfig.optional(),
      devops: OAuthProviderConfig.optional(),
      streaming: OAuthProviderConfig.optional(),
      commerce: OAuthProviderConfig.optional(),
    })
    .describe("The one provider that was set."),
  optionsPassthrough: z.boolean(),
  cookiePrefix: z.string(),
  inactivityTimeout: z.number(),
  maximumDuration: z.number(),
  authCheckInterval: z.number(),
});
export type OAuthModule = types.OAuthModule;

// --- saml ------------------------------------------------------------------------------------

export const NAMEID_FORMATS = [
  "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:transient",
] as const;
export const DEFAULT_NAMEID_FORMAT = NAMEID_FORMATS[0];

/** @internal */
export const SamlModuleParams = moduleParams({
  enabled,
  optionsPassthrough: boolean.optional(),
  cookiePrefix: cookiePrefix.optional(),
  inactivityTimeout: uint32.optional(),
  maximumDuration: uint32.optional(),
  idpMetadata: string
    .refine((v) => v.trimStart().startsWith("<") && v.includes("EntityDescriptor"), {
      error: "must be the identity provider's XML EntityDescriptor",
    })
    .describe("The identity provider's full XML EntityDescriptor."),
  forceAuthn: boolean.optional().describe("The identity provider must ask for credentials on every login."),
  allowIdpInitiated: boolean.optional(),
  authorizedGroups: nonEmptyStrings.optional(),
  nameidFormat: oneOf(NAMEID_FORMATS).optional(),
});
export type SamlModuleParams = types.SamlModuleParams;
/** @internal */
export const SamlModule = z
  .object({
    enabled: enabledOut,
    optionsPassthrough: z.boolean(),
    cookiePrefix: z.string(),
    inactivityTimeout: z.number(),
    maximumDuration: z.number(),
    idpMetadata: z.string(),
    idpMetadataUrl: text,
    forceAuthn: z.boolean(),
    allowIdpInitiated: z.boolean(),
    authorizedGroups: stringsOut,
    nameidFormat: z.string(),
    entityId: z.string(),
    assertionConsumerServiceUrl: z.string(),
    singleLogoutUrl: z.string(),
    metadataUrl: z.string(),
    requestSigningCertificatePem: z.string(),
  })
  .describe("The SAML module's config, as the API returns it: the request fields plus what the service generates (read-only).");
export type SamlModule = types.SamlModule;

// --- webhook_verification --------------------------------------------------------------------

/** Neutral names of the webhook senders the service can verify. */
export const WEBHOOK_PROVIDERS = ["CODEHOST", "CHAT", "PAYMENTS", "MESSAGING", "CI", "TICKETS", "CLOUD_NOTIFICATIONS"] as const;
/** The one sender verified without a shared secret. */
export const SECRETLESS_WEBHOOK_PROVIDER = "CLOUD_NOTIFICATIONS";

/** @internal */
export const WebhookVerificationModuleParams = moduleParams({
  enabled,
  provider: oneOf(WEBHOOK_PROVIDERS),
  secret: string.optional().describe("A secret: required and non-empty, except for CLOUD_NOTIFICATIONS (empty or absent)."),
}).superRefine((v, ctx) => {
  if (v.provider === SECRETLESS_WEBHOOK_PROVIDER) {
    if (v.secret) issue(ctx, ["secret"], `must be empty or absent for ${SECRETLESS_WEBHOOK_PROVIDER}`);
  } else if (v.secret === undefined) {
    issue(ctx, ["secret"], REQUIRED);
  } else if (v.secret === "") {
    issue(ctx, ["secret"], "must not be empty");
  }
});
export type WebhookVerificationModuleParams = types.WebhookVerificationModuleParams;
/** @internal */
export const WebhookVerificationModule = z
  .object({ enabled: enabledOut, provider: z.string(), secret: text })
  .describe("The webhook verification module's config, as the API returns it. `secret` is a secret: the service returns it.");
export type WebhookVerificationModule = types.WebhookVerificationModule;

// --- the modules of each kind ----------------------------------------------------------------

const mod = <P extends z.ZodType, M extends z.ZodType>(p: P, m: M) => ({ params: p, model: m });

/** @internal */
export const TcpEdgeModules = {
  backend: mod(BackendModuleParams, BackendModule),
  ipRestriction: mod(IpRestrictionModuleParams, IpRestrictionModule),
} satisfies ModuleSet;
export type TcpEdgeModules = types.TcpEdgeModules;

/** @internal */
export const TlsEdgeModules = {
  ...TcpEdgeModules,
  mutualTls: mod(MutualTlsModuleParams, MutualTlsModule),
  tlsTermination: mod(TlsTerminationModuleParams, TlsTerminationModule),
} satisfies ModuleSet;
export type TlsEdgeModules = types.TlsEdgeModules;

/** @internal */
export const HttpsEdgeModules = {
  mutualTls: mod(MutualTlsModuleParams, MutualTlsModule),
  tlsTermination: mod(HttpsTlsTerminationModuleParams, TlsTerminationModule),
} satisfies ModuleSet;
export type HttpsEdgeModules = types.HttpsEdgeModules;

/** @internal */
export const HttpsEdgeRouteModules = {
  ...TcpEdgeModules,
  circuitBreaker: mod(CircuitBreakerModuleParams, CircuitBreakerModule),
  compression: mod(EnabledModuleParams, EnabledModule),
  requestHeaders: mod(HeadersModuleParams, HeadersModule),
  responseHeaders: mod(HeadersModuleParams, HeadersModule),
  webhookVerification: mod(WebhookVerificationModuleParams, WebhookVerificationModule),
  oauth: mod(OAuthModuleParams, OAuthModule),
  saml: mod(SamlModuleParams, SamlModule),
  oidc: mod(EnabledModuleParams, EnabledModule),
  websocketTcpConverter: mod(EnabledModuleParams, EnabledModule),
  userAgentFilter: mod(EnabledModuleParams, EnabledModule),
  jwtValidation: mod(EnabledModuleParams, EnabledModule),
} satisfies ModuleSet;
export type HttpsEdgeRouteModules = types.HttpsEdgeRouteModules;

export type TcpEdgeModuleName = keyof TcpEdgeModules;
export type TlsEdgeModuleName = keyof TlsEdgeModules;
export type HttpsEdgeModuleName = keyof HttpsEdgeModules;
export type HttpsEdgeRouteModuleName = keyof HttpsEdgeRouteModules;

type ModuleRequestFields<M extends ModuleSet> = { [K in keyof M]: z.ZodOptional<M[K]["params"]> };
type ModuleResponseFields<M extends ModuleSet> = { [K in keyof M]: z.ZodDefault<z.ZodNullable<M[K]["model"]>> };

/** An edge's or route's create/update fields for its modules: absent leaves a module unchanged. @internal */
export function moduleRequestFields<M extends ModuleSet>(modules: M): ModuleRequestFields<M> {
  return Object.fromEntries(Object.entries(modules).map(([name, m]) => [name, m.params.optional()])) as ModuleRequestFields<M>;
}

/** An edge's or route's response fields for its modules: every one present, null when unset. @internal */
export function moduleResponseFields<M extends ModuleSet>(modules: M): ModuleResponseFields<M> {
  return Object.fromEntries(Object.entries(modules).map(([name, m]) => [name, nullable(m.model)])) as ModuleResponseFields<M>;
}
