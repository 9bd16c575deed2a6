/**
 * The modules only HTTPS edge routes have (spec §2.6, §2.18, §2.19; the choices the spec leaves open are
 * in docs/api-choices.md), and the routes' module set, `HttpsEdgeRouteModules`: a new route module's
 * schemas and entry go here. The login modules' schemas are in ./login-modules.ts.
 */
import { z } from "zod";
import { REQUIRED, intRange, moduleParams, oneOf, string, stringMap, text, uint32 } from "../core/fields";
import { TOKEN, enabled, enabledOut, issue, mod } from "../core/module-fields";
import type { ModuleSet } from "../core/resource";
import { OAuthModule, OAuthModuleParams, SamlModule, SamlModuleParams } from "./login-modules";
import { TcpEdgeModules } from "./modules";
import type * as types from "../types";

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

// --- the routes' module set ------------------------------------------------------------------

const onOff = (description: string) => mod(EnabledModuleParams, EnabledModule, `${description}; only \`enabled\` is set or read.`);

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

export type HttpsEdgeRouteModuleName = keyof HttpsEdgeRouteModules;
