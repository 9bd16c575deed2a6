/**
 * The login modules of HTTPS edge routes (spec §2.6): OAuth and SAML, whose session settings are shared.
 */
import { z } from "zod";
import { boolean, moduleParams, nonEmptyString, nullable, oneOf, params, string, text, uint32 } from "../core/fields";
import { TOKEN, enabled, enabledOut, issue, type Ctx } from "../core/module-fields";
import type * as types from "../types";

// --- oauth -----------------------------------------------------------------------------------

/**
 * The service's eight OAuth identity providers, by key: §2.6 gives "key = lowercase provider name", and
 * these are the names the vendor's OAuth module lists. Only `github`, the code-hosting provider, has
 * `teams` and `organizations`.
 */
export const OAUTH_PROVIDERS = ["github", "facebook", "google", "microsoft", "gitlab", "linkedin", "twitch", "amazon"] as const;
/** One of the service's provider keys. */
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];
/** The code-hosting provider: the one whose settings have `teams` and `organizations`. */
export const CODE_HOSTING_OAUTH_PROVIDER = "github" satisfies OAuthProviderName;
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
export const GithubOAuthProviderConfigParams = params({
  ...oauthProviderFields,
  teams: z
    .array(string.regex(/^[^/\s]+\/[^/\s]+$/, { error: "must have the form <org>/<team>" }), { error: "must be a list of strings" })
    .optional()
    .describe("Only on `github`, the code-hosting provider: `<org>/<team>` slugs; a member of any is allowed."),
  organizations: nonEmptyStrings
    .optional()
    .describe("Only on `github`, the code-hosting provider: organization slugs; a member of any is allowed."),
})
  .superRefine(credentialRule)
  .describe(
    "One OAuth identity provider's settings, as a request sets them; `teams` and `organizations` only on `github` (the service refuses them on another).",
  );
export type GithubOAuthProviderConfigParams = types.GithubOAuthProviderConfigParams;

const PROVIDER_KEY_DOC = `The identity provider's key, its lowercase name: one of ${OAUTH_PROVIDERS.map((p) => `\`${p}\``).join(", ")}.`;
const PROVIDER_KEY_RULE = `must be one of the service's OAuth providers: ${OAUTH_PROVIDERS.join(", ")}`;
const CODE_HOSTING_ONLY = `is only accepted on ${CODE_HOSTING_OAUTH_PROVIDER}, the code-hosting provider`;

/** @internal */
export const OAuthProviderParams = z
  .record(string, GithubOAuthProviderConfigParams, { error: "must be an object with one provider key" })
  .superRefine((v, ctx) => {
    const keys = Object.keys(v);
    if (keys.length !== 1) issue(ctx, [], `must have exactly one provider key (${OAUTH_PROVIDERS.join(", ")})`);
    for (const key of keys) {
      if (!(OAUTH_PROVIDERS as readonly string[]).includes(key)) issue(ctx, [key], PROVIDER_KEY_RULE);
      else if (key !== CODE_HOSTING_OAUTH_PROVIDER)
        for (const field of ["teams", "organizations"] as const)
          if (v[key]?.[field] !== undefined) issue(ctx, [key, field], CODE_HOSTING_ONLY);
    }
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
    teams: z
      .array(z.string())
      .optional()
      .describe("Only on `github`, the code-hosting provider: `<org>/<team>` slugs; a member of any is allowed."),
    organizations: z
      .array(z.string())
      .optional()
      .describe("Only on `github`, the code-hosting provider: organization slugs; a member of any is allowed."),
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
