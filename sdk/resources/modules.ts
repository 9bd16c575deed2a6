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
import type { ModuleSchemas, ModuleSet } from "../core/resource";
import { ipPoliciesIdPrefix } from "./ip-policy";
import { certificateAuthoritiesIdPrefix } from "./certificate-authority";
import type * as types from "../types";

const enabled = boolean.optional().describe("The module is applied to traffic unless `enabled: false`.");
const enabledOut = z.boolean().describe("Whether the module is applied to traffic.");

type Ctx = z.core.$RefinementCtx;
function issue(ctx: Ctx, path: PropertyKey[], message: string): void {
  ctx.addIssue({ code: "custom", path, message });
}

// --- backend ---------------------------------------------------------------------------------

/** @internal */
export const BackendModuleParams = moduleParams({
  enabled,
  backendId: backendId.describe(
    "The id of the backend that receives the traffic: a tunnel group (`bkdtg_`), weighted (`bkdwd_`), failover (`bkdfo_`) or HTTP-response (`bkdhr_`) backend. It must exist, and cannot be deleted while a module names it.",
  ),
});
export type BackendModuleParams = types.BackendModuleParams;
/** @internal */
export const BackendModule = z.object({
  enabled: enabledOut,
  backend: Ref.describe("The backend that receives the traffic."),
});
export type BackendModule = types.BackendModule;

// --- ip_restriction --------------------------------------------------------------------------

/** @internal */
export const IpRestrictionModuleParams = moduleParams({
  enabled,
  ipPolicyIds: idList(ipPoliciesIdPrefix).describe(
    "The ids (`ipp_`) of the IP policies whose rules decide which client IP addresses get through: at least one, each existing, none repeated.",
  ),
});
export type IpRestrictionModuleParams = types.IpRestrictionModuleParams;
/** @internal */
export const IpRestrictionModule = z.object({
  enabled: enabledOut,
  ipPolicies: z
    .array(Ref)
    .describe(
      "The IP policies applied to client IP addresses. A policy deleted since stays listed and then acts as a policy with no rules.",
    ),
});
export type IpRestrictionModule = types.IpRestrictionModule;

// --- mutual_tls ------------------------------------------------------------------------------

/** @internal */
export const MutualTlsModuleParams = moduleParams({
  enabled,
  certificateAuthorityIds: idList(certificateAuthoritiesIdPrefix).describe(
    "The ids (`ca_`) of the certificate authorities that the client's TLS certificate is validated against: at least one, each existing, none repeated. An authority cannot be deleted while a module names it.",
  ),
});
export type MutualTlsModuleParams = types.MutualTlsModuleParams;
/** @internal */
export const MutualTlsModule = z.object({
  enabled: enabledOut,
  certificateAuthorities: z.array(Ref).describe("The certificate authorities that the client's TLS certificate is validated against."),
});
export type MutualTlsModule = types.MutualTlsModule;

// --- tls_termination -------------------------------------------------------------------------

export const TERMINATE_AT = ["edge", "upstream"] as const;
export const TLS_VERSIONS = ["1.0", "1.1", "1.2", "1.3"] as const;
/** What the service picks when `minVersion` is unset and TLS ends at the edge. */
export const DEFAULT_MIN_VERSION = "1.2";
const minVersion = oneOf(TLS_VERSIONS).nullable().optional();

/** @internal */
export const TlsTerminationModuleParams = moduleParams({
  enabled,
  terminateAt: oneOf(TERMINATE_AT)
    .optional()
    .describe(
      "Where TLS ends: `edge` (the service terminates it; the default) or `upstream` (TLS passes through to the agent or application server). With `upstream`, `minVersion` must be null or absent, and the edge may have no mutual TLS module.",
    ),
  minVersion: minVersion.describe(
    `The lowest TLS version accepted, also advertised in the handshake. Absent or null with \`edge\`: the service's default, "${DEFAULT_MIN_VERSION}"; must be null or absent with \`upstream\`.`,
  ),
})
  .superRefine((v, ctx) => {
    if (v.terminateAt === "upstream" && v.minVersion != null) issue(ctx, ["minVersion"], "must be null when terminateAt is upstream");
  })
  .describe(
    "The TLS termination module's config of a TLS edge, as a request sets it. TLS edges: TLS may pass through (`upstream`), and then the service has no version to enforce.",
  );
export type TlsTerminationModuleParams = types.TlsTerminationModuleParams;

/** @internal */
export const HttpsTlsTerminationModuleParams = moduleParams({
  enabled,
  minVersion: minVersion.describe(
    `The lowest TLS version accepted, also advertised in the handshake. Absent or null: the service's default, "${DEFAULT_MIN_VERSION}".`,
  ),
}).describe(
  "The TLS termination module's config of an HTTPS edge, as a request sets it. HTTPS edges always terminate at the edge, so only the version is set.",
);
export type HttpsTlsTerminationModuleParams = types.HttpsTlsTerminationModuleParams;

/** @internal */
export const TlsTerminationModule = z.object({
  enabled: enabledOut,
  terminateAt: z
    .string()
    .describe("Where TLS ends: `edge` (the service terminates it) or `upstream` (it passes through); always `edge` on an HTTPS edge."),
  minVersion: nullable(z.string()).describe(
    "The lowest TLS version accepted (`1.0` to `1.3`), also advertised in the handshake; null when TLS passes through to the upstream.",
  ),
});
export type TlsTerminationModule = types.TlsTerminationModule;

// --- circuit_breaker -------------------------------------------------------------------------

export const CIRCUIT_BREAKER_DEFAULTS = {
  trippedDuration: 10,
  rollingWindow: 10,
  numBuckets: 10,
  volumeThreshold: 20,
  errorThresholdPercentage: 0.5,
} as const;

/** What each circuit breaker field is, for the request (with its default) and the response. */
const CIRCUIT_BREAKER_DOCS = {
  trippedDuration: "Seconds to wait after the circuit trips before the upstream's health is re-evaluated.",
  rollingWindow: "Seconds of the statistical rolling window.",
  numBuckets: "The number of metric buckets of the rolling window, 1 to 128.",
  volumeThreshold: "Requests within a rolling window needed before the circuit can trip.",
  errorThresholdPercentage: "The share of failed requests that trips the circuit: a fraction from 0 to 1, not a percentage.",
} as const;
const circuitBreakerParamDoc = (field: keyof typeof CIRCUIT_BREAKER_DOCS) =>
  `${CIRCUIT_BREAKER_DOCS[field]} Default ${CIRCUIT_BREAKER_DEFAULTS[field]}.`;

/** @internal */
export const CircuitBreakerModuleParams = moduleParams({
  enabled,
  trippedDuration: uint32.optional().describe(circuitBreakerParamDoc("trippedDuration")),
  rollingWindow: uint32.optional().describe(circuitBreakerParamDoc("rollingWindow")),
  numBuckets: intRange(1, 128).optional().describe(circuitBreakerParamDoc("numBuckets")),
  volumeThreshold: uint32.optional().describe(circuitBreakerParamDoc("volumeThreshold")),
  errorThresholdPercentage: z
    .number({ error: "must be a number" })
    .min(0, { error: "must be at least 0" })
    .max(1, { error: "must be at most 1" })
    .optional()
    .describe(circuitBreakerParamDoc("errorThresholdPercentage")),
});
export type CircuitBreakerModuleParams = types.CircuitBreakerModuleParams;
/** @internal */
export const CircuitBreakerModule = z.object({
  enabled: enabledOut,
  trippedDuration: z.number().describe(CIRCUIT_BREAKER_DOCS.trippedDuration),
  rollingWindow: z.number().describe(CIRCUIT_BREAKER_DOCS.rollingWindow),
  numBuckets: z.number().describe(CIRCUIT_BREAKER_DOCS.numBuckets),
  volumeThreshold: z.number().describe(CIRCUIT_BREAKER_DOCS.volumeThreshold),
  errorThresholdPercentage: z.number().describe(CIRCUIT_BREAKER_DOCS.errorThresholdPercentage),
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
  add: stringMap(headerName, headerValue)
    .optional()
    .describe(
      "Headers to add, name to value: to the request sent upstream (requestHeaders) or to the response returned to the client (responseHeaders). Names are HTTP token characters, values hold no control characters but tab. Default none.",
    ),
  remove: z
    .array(headerName, { error: "must be a list of header names" })
    .optional()
    .describe(
      "Names of the headers to remove from the request sent upstream (requestHeaders) or from the response returned to the client (responseHeaders). Default none.",
    ),
}).describe(
  "The request or response headers module's config, as a request sets it. Header names (keys of `add`) are user data: they reach the wire exactly as written.",
);
export type HeadersModuleParams = types.HeadersModuleParams;
/** @internal */
export const HeadersModule = z
  .object({
    enabled: enabledOut,
    add: z
      .record(z.string(), z.string())
      .default({})
      .describe(
        "Headers added, name to value: to the request sent upstream (requestHeaders) or to the response returned to the client (responseHeaders); `{}` when none.",
      ),
    remove: z
      .array(z.string())
      .default([])
      .describe(
        "Names of the headers removed from the request sent upstream (requestHeaders) or from the response returned to the client (responseHeaders); `[]` when none.",
      ),
  })
  .describe("The request or response headers module's config, as the API returns it.");
export type HeadersModule = types.HeadersModule;

// --- oauth -----------------------------------------------------------------------------------

/**
 * The emulator's placeholder keys for the service's eight identity providers; only `codehost` has
 * `teams` and `organizations` there. The API text names no key ("key = lowercase provider name"), so
 * the sdk checks a key's shape only (OAUTH_PROVIDER_KEY) and the service decides which it knows.
 */
export const OAUTH_PROVIDERS = ["codehost", "social", "workspace", "directory", "professional", "devops", "streaming", "commerce"] as const;
/** One of the emulator's placeholder keys. */
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];
/** The form of a provider key: a lowercase name (letters and digits, starting with a letter). */
export const OAUTH_PROVIDER_KEY = /^[a-z][a-z0-9]*$/;
/** The service's session cookie prefix when none is given. */
export const DEFAULT_COOKIE_PREFIX = "ei_session.";

const cookiePrefix = string.regex(TOKEN, { error: "must be a cookie name prefix (letters, digits and !#$%&'*+-.^_`|~)" });
const nonEmptyStrings = z.array(nonEmptyString, { error: "must be a list of strings" });

const oauthProviderFields = {
  clientId: nonEmptyString
    .optional()
    .describe(
      "Your OAuth app's client id, given with `clientSecret`. Omit both to use the service's managed app, which has extra restrictions.",
    ),
  clientSecret: nonEmptyString
    .optional()
    .describe("Your OAuth app's client secret, given with `clientId`. A secret, though the service returns it in responses."),
  scopes: nonEmptyStrings
    .optional()
    .describe("Provider-specific scopes to request; only with your own app (`clientId` and `clientSecret`)."),
  emailAddresses: nonEmptyStrings.optional().describe("Email addresses of the users allowed in."),
  emailDomains: nonEmptyStrings.optional().describe("Email domains whose users are allowed in."),
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
    .describe("Only on the code-hosting provider (the emulator's `codehost`): `<org>/<team>` slugs; a member of any is allowed."),
  organizations: nonEmptyStrings
    .optional()
    .describe("Only on the code-hosting provider (the emulator's `codehost`): organization slugs; a member of any is allowed."),
})
  .superRefine(credentialRule)
  .describe(
    "One OAuth identity provider's settings, as a request sets them; `teams` and `organizations` only on the code-hosting provider (the service refuses them on another).",
  );
export type CodehostOAuthProviderConfigParams = types.CodehostOAuthProviderConfigParams;

const PROVIDER_KEY_DOC =
  "The identity provider's key, its lowercase name as the service knows it (the service decides which it accepts). The emulator accepts only its placeholders: `codehost` (the code-hosting provider, the one with `teams` and `organizations`), `social`, `workspace`, `directory`, `professional`, `devops`, `streaming`, `commerce`.";
const PROVIDER_KEY_RULE = "must be a provider's lowercase name (letters and digits)";
const providerKey = string.regex(OAUTH_PROVIDER_KEY, { error: PROVIDER_KEY_RULE });

/** @internal */
export const OAuthProviderParams = z
  .record(providerKey, CodehostOAuthProviderConfigParams, {
    error: (iss) => (iss.code === "invalid_key" ? PROVIDER_KEY_RULE : "must be an object with one provider key"),
  })
  .superRefine((v, ctx) => {
    if (Object.keys(v).length !== 1) issue(ctx, [], "must have exactly one provider key, a lowercase provider name");
  })
  .describe(`The OAuth module's identity provider, as a request sets it: exactly one key. ${PROVIDER_KEY_DOC}`);
export type OAuthProviderParams = types.OAuthProviderParams;

/**
 * What the session fields of the two login modules (OAuth, SAML) are; a request's doc adds the default
 * (the seconds: 0 or absent), a response's what 0 means.
 */
const SESSION_DOCS = {
  optionsPassthrough: "Lets HTTP OPTIONS requests through without authentication (needed for CORS preflight).",
  cookiePrefix: "The prefix of the session cookie set on the client.",
  inactivityTimeout: "Seconds of inactivity after which the session ends and the user must log in again",
  maximumDuration: "The longest an authenticated session lasts, in seconds",
  authCheckInterval:
    "Seconds after which the service refreshes the user's state from the provider and rechecks authorization, which bounds the access of a revoked user",
} as const;
const secondsParam = (doc: string) => uint32.optional().describe(`${doc}; 0 or absent: the service's default.`);
const secondsField = (doc: string) => z.number().describe(`${doc}; 0: the service's default.`);
const sessionParams = {
  optionsPassthrough: boolean.optional().describe(`${SESSION_DOCS.optionsPassthrough} Default false.`),
  cookiePrefix: cookiePrefix.optional().describe(`${SESSION_DOCS.cookiePrefix} HTTP token characters; default "${DEFAULT_COOKIE_PREFIX}".`),
  inactivityTimeout: secondsParam(SESSION_DOCS.inactivityTimeout),
  maximumDuration: secondsParam(SESSION_DOCS.maximumDuration),
};
const sessionFields = {
  optionsPassthrough: z.boolean().describe(SESSION_DOCS.optionsPassthrough),
  cookiePrefix: z.string().describe(SESSION_DOCS.cookiePrefix),
  inactivityTimeout: secondsField(SESSION_DOCS.inactivityTimeout),
  maximumDuration: secondsField(SESSION_DOCS.maximumDuration),
};

/** @internal */
export const OAuthModuleParams = moduleParams({
  enabled,
  provider: OAuthProviderParams.describe("The identity provider users log in with: exactly one provider key."),
  ...sessionParams,
  authCheckInterval: secondsParam(SESSION_DOCS.authCheckInterval),
});
export type OAuthModuleParams = types.OAuthModuleParams;

const stringsOut = z.array(z.string()).default([]);
/** @internal */
export const OAuthProviderConfig = z
  .object({
    clientId: nullable(z.string()).describe("Your OAuth app's client id; null when the service's managed app is used."),
    clientSecret: nullable(z.string()).describe(
      "Your OAuth app's client secret, returned by the service: keep it secret. Null when the service's managed app is used.",
    ),
    scopes: stringsOut.describe("The provider-specific scopes requested; `[]` when none."),
    emailAddresses: stringsOut.describe("Email addresses of the users allowed in; `[]` when none."),
    emailDomains: stringsOut.describe("Email domains whose users are allowed in; `[]` when none."),
    teams: z.array(z.string()).optional().describe("Only on the code-hosting provider: `<org>/<team>` slugs; a member of any is allowed."),
    organizations: z
      .array(z.string())
      .optional()
      .describe("Only on the code-hosting provider: organization slugs; a member of any is allowed."),
  })
  .describe("One OAuth identity provider's settings, as the API returns them. `clientSecret` is a secret: the service returns it.");
export type OAuthProviderConfig = types.OAuthProviderConfig;
/** @internal */
export const OAuthModule = z.object({
  enabled: enabledOut,
  provider: z.record(z.string(), OAuthProviderConfig).describe(`The one provider that was set, by its key. ${PROVIDER_KEY_DOC}`),
  ...sessionFields,
  authCheckInterval: secondsField(SESSION_DOCS.authCheckInterval),
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

/** What the SAML fields that a request sets are, for the request (with its default) and the response. */
const SAML_DOCS = {
  forceAuthn: "The identity provider must ask for credentials on every login, even when the user has a session with it.",
  allowIdpInitiated: "The identity provider may start a login; it should then set the RelayState parameter to the target URL.",
  authorizedGroups: "When it lists groups, only their members get access.",
  nameidFormat: "The SAML name identifier format.",
} as const;

/** @internal */
export const SamlModuleParams = moduleParams({
  enabled,
  ...sessionParams,
  idpMetadata: string
    .refine((v) => v.trimStart().startsWith("<") && v.includes("EntityDescriptor"), {
      error: "must be the identity provider's XML EntityDescriptor",
    })
    .describe("The identity provider's full XML EntityDescriptor."),
  forceAuthn: boolean.optional().describe(`${SAML_DOCS.forceAuthn} Default false.`),
  allowIdpInitiated: boolean.optional().describe(`${SAML_DOCS.allowIdpInitiated} Default false.`),
  authorizedGroups: nonEmptyStrings.optional().describe(`${SAML_DOCS.authorizedGroups} Default \`[]\`.`),
  nameidFormat: oneOf(NAMEID_FORMATS).optional().describe(`${SAML_DOCS.nameidFormat} Default \`${DEFAULT_NAMEID_FORMAT}\`.`),
});
export type SamlModuleParams = types.SamlModuleParams;
/** @internal */
export const SamlModule = z
  .object({
    enabled: enabledOut,
    ...sessionFields,
    idpMetadata: z.string().describe("The identity provider's full XML EntityDescriptor."),
    idpMetadataUrl: text.describe('The identity provider\'s metadata URL; "" when unset. Requests cannot set it: they send `idpMetadata`.'),
    forceAuthn: z.boolean().describe(SAML_DOCS.forceAuthn),
    allowIdpInitiated: z.boolean().describe(SAML_DOCS.allowIdpInitiated),
    authorizedGroups: stringsOut.describe(SAML_DOCS.authorizedGroups),
    nameidFormat: z.string().describe(SAML_DOCS.nameidFormat),
    entityId: z.string().describe("The service's SAML entity id for this module, set by the service: a URL equal to `metadataUrl`."),
    assertionConsumerServiceUrl: z.string().describe("The URL that receives the identity provider's SAML assertions, set by the service."),
    singleLogoutUrl: z.string().describe("The SAML single logout URL, set by the service."),
    metadataUrl: z.string().describe("The URL of the service's SAML metadata for this module, set by the service."),
    requestSigningCertificatePem: z
      .string()
      .describe("The PEM certificate of the key pair that signs the service's SAML requests, set by the service."),
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
  provider: oneOf(WEBHOOK_PROVIDERS).describe(
    `The webhook sender whose requests are verified; \`${SECRETLESS_WEBHOOK_PROVIDER}\` is verified without a secret.`,
  ),
  secret: string
    .optional()
    .describe(
      `The secret that requests are validated with: required and non-empty, except for \`${SECRETLESS_WEBHOOK_PROVIDER}\` (empty or absent).`,
    ),
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
  .object({
    enabled: enabledOut,
    provider: z.string().describe("The webhook sender whose requests are verified, an upper-case name."),
    secret: text.describe(
      `The secret that requests are validated with, returned by the service: keep it secret. "" for \`${SECRETLESS_WEBHOOK_PROVIDER}\`.`,
    ),
  })
  .describe("The webhook verification module's config, as the API returns it. `secret` is a secret: the service returns it.");
export type WebhookVerificationModule = types.WebhookVerificationModule;

// --- the modules of each kind ----------------------------------------------------------------

/** A module of a set, with what it does: the doc of its entry and of every edge's or route's field for it. */
const mod = <P extends z.ZodType, M extends z.ZodType>(params: P, model: M, description: string) => ({ params, model, description });

const backendModule = mod(
  BackendModuleParams,
  BackendModule,
  "The backend module: the backend (tunnel group, weighted, failover or HTTP-response) that receives the traffic.",
);
const ipRestrictionModule = mod(
  IpRestrictionModuleParams,
  IpRestrictionModule,
  "The IP restriction module: IP policies decide which client IP addresses get through.",
);
const mutualTlsModule = mod(
  MutualTlsModuleParams,
  MutualTlsModule,
  "The mutual TLS module: the client's TLS certificate is validated against the listed certificate authorities.",
);
const onOff = (description: string) => mod(EnabledModuleParams, EnabledModule, `${description}; only \`enabled\` is set or read.`);

/** @internal */
export const TcpEdgeModules = {
  backend: backendModule,
  ipRestriction: ipRestrictionModule,
} satisfies ModuleSet;
export type TcpEdgeModules = types.TcpEdgeModules;

/** @internal */
export const TlsEdgeModules = {
  ...TcpEdgeModules,
  mutualTls: mutualTlsModule,
  tlsTermination: mod(
    TlsTerminationModuleParams,
    TlsTerminationModule,
    "The TLS termination module: whether TLS ends at the edge or passes through to the upstream, and the lowest TLS version accepted.",
  ),
} satisfies ModuleSet;
export type TlsEdgeModules = types.TlsEdgeModules;

/** @internal */
export const HttpsEdgeModules = {
  mutualTls: mutualTlsModule,
  tlsTermination: mod(
    HttpsTlsTerminationModuleParams,
    TlsTerminationModule,
    "The TLS termination module: the lowest TLS version accepted (an HTTPS edge always terminates TLS at the edge).",
  ),
} satisfies ModuleSet;
export type HttpsEdgeModules = types.HttpsEdgeModules;

/** @internal */
export const HttpsEdgeRouteModules = {
  ...TcpEdgeModules,
  circuitBreaker: mod(
    CircuitBreakerModuleParams,
    CircuitBreakerModule,
    "The circuit breaker module: stops sending requests to a failing upstream, then re-evaluates its health after a while.",
  ),
  compression: onOff("The compression module"),
  requestHeaders: mod(
    HeadersModuleParams,
    HeadersModule,
    "The request headers module: headers added to or removed from the request sent upstream.",
  ),
  responseHeaders: mod(
    HeadersModuleParams,
    HeadersModule,
    "The response headers module: headers added to or removed from the response returned to the client.",
  ),
  webhookVerification: mod(
    WebhookVerificationModuleParams,
    WebhookVerificationModule,
    "The webhook verification module: requests are validated as coming from the named webhook sender.",
  ),
  oauth: mod(OAuthModuleParams, OAuthModule, "The OAuth module: users must log in through an OAuth identity provider."),
  saml: mod(SamlModuleParams, SamlModule, "The SAML module: users must log in through a SAML identity provider."),
  oidc: onOff("The OIDC module"),
  websocketTcpConverter: onOff("The websocket TCP converter module (a websocket to TCP adapter)"),
  userAgentFilter: onOff("The user agent filter module"),
  jwtValidation: onOff("The JWT validation module"),
} satisfies ModuleSet;
export type HttpsEdgeRouteModules = types.HttpsEdgeRouteModules;

export type TcpEdgeModuleName = keyof TcpEdgeModules;
export type TlsEdgeModuleName = keyof TlsEdgeModules;
export type HttpsEdgeModuleName = keyof HttpsEdgeModules;
export type HttpsEdgeRouteModuleName = keyof HttpsEdgeRouteModules;

type ModuleRequestFields<M extends ModuleSet> = { [K in keyof M]: z.ZodOptional<M[K]["params"]> };
type ModuleResponseFields<M extends ModuleSet> = { [K in keyof M]: z.ZodDefault<z.ZodNullable<M[K]["model"]>> };

/** A module field's doc: what the module does (its set's), then what absence or null means there. */
function moduleFieldDoc(m: ModuleSchemas, meaning: string): string {
  return m.description ? `${m.description} ${meaning}` : meaning;
}

/** An edge's or route's create/update fields for its modules: absent leaves a module unchanged. @internal */
export function moduleRequestFields<M extends ModuleSet>(modules: M): ModuleRequestFields<M> {
  const meaning =
    "Absent: unchanged (not set, on create); given: replaces the whole module; null is refused (remove a module with deleteModule).";
  return Object.fromEntries(
    Object.entries(modules).map(([name, m]) => [name, m.params.optional().describe(moduleFieldDoc(m, meaning))]),
  ) as ModuleRequestFields<M>;
}

/** An edge's or route's response fields for its modules: every one present, null when unset. @internal */
export function moduleResponseFields<M extends ModuleSet>(modules: M): ModuleResponseFields<M> {
  return Object.fromEntries(
    Object.entries(modules).map(([name, m]) => [name, nullable(m.model).describe(moduleFieldDoc(m, "Null when the module is not set."))]),
  ) as ModuleResponseFields<M>;
}
