/**
 * The public types of the resource classes that are not one kind's own: every kind's provider-level
 * inputs, the options of `get`, and the edge and route modules. A kind's own types live with its
 * declaration (provider/kinds/<kind>.ts); the generated classes import both.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Connection } from "./connection";

/** Every kind's provider-level inputs. */
export interface AdoptArgs {
  /**
   * The account to manage this resource in, when it is not the one of stack config
   * (`edgeingress:apiKey`, `edgeingress:apiUrl`) or the environment. Stored with the resource as a
   * secret; changing it to another account replaces the resource (made in the new one, deleted from
   * the old one with the old connection), changing only the key of the same account does not.
   */
  connection?: Connection;
  /**
   * The id of an existing resource to take over (and converge to the declared inputs) instead of
   * creating one: dynamic providers cannot `pulumi import`. Read only at creation.
   */
  adopt?: pulumi.Input<string>;
}

/** Options of a kind's static `get`: the resource's account, if not the default one. */
export interface GetOptions extends pulumi.CustomResourceOptions {
  /** The account to read from, when it is not stack config's. */
  connection?: Connection;
}

/*
 * Edge and route modules (§2.3, §2.6, §2.18, §2.19), written out for the public declarations. An
 * input module given replaces the whole module; one left out is removed. An output module is the
 * module as the service reports it, in the input shape (null when unset).
 */

/** `backend` (TCP, TLS edges; HTTPS routes): where traffic goes. */
export interface BackendModuleArgs {
  /** Default true. */
  enabled?: pulumi.Input<boolean>;
  /** A backend's id (`bkdtg_`, `bkdwd_`, `bkdfo_`, `bkdhr_`). */
  backendId: pulumi.Input<string>;
}
export interface BackendModule {
  /** true: applied to traffic. */
  enabled: boolean;
  /** The backend's id. */
  backendId: string;
}

/** `ipRestriction`: only the ranges of these IP policies may connect (guards access). */
export interface IpRestrictionModuleArgs {
  /** Default true. */
  enabled?: pulumi.Input<boolean>;
  /** IP policy ids (`ipp_`); their order means nothing. */
  ipPolicyIds: pulumi.Input<pulumi.Input<string>[]>;
}
export interface IpRestrictionModule {
  /** true: applied to traffic. */
  enabled: boolean;
  /** IP policy ids (`ipp_`). */
  ipPolicyIds: string[];
}

/** `mutualTls`: clients must present a certificate signed by one of these authorities (guards access). */
export interface MutualTlsModuleArgs {
  /** Default true. */
  enabled?: pulumi.Input<boolean>;
  /** Certificate authority ids (`ca_`); their order means nothing. */
  certificateAuthorityIds: pulumi.Input<pulumi.Input<string>[]>;
}
export interface MutualTlsModule {
  /** true: applied to traffic. */
  enabled: boolean;
  /** Certificate authority ids (`ca_`). */
  certificateAuthorityIds: string[];
}

/** Where TLS ends: at the edge, or (TLS edges only) passed through to the upstream. */
export type TerminateAt = "edge" | "upstream";
/** A TLS protocol version. */
export type TlsVersion = "1.0" | "1.1" | "1.2" | "1.3";

/** `tlsTermination` of a TLS edge. */
export interface TlsTerminationModuleArgs {
  /** Default true. */
  enabled?: pulumi.Input<boolean>;
  /** Default `edge`. */
  terminateAt?: pulumi.Input<TerminateAt>;
  /** The lowest TLS version accepted at the edge; omitted, the service chooses (1.2). Must be null for `upstream`. */
  minVersion?: pulumi.Input<TlsVersion | null>;
}
/** `tlsTermination` of an HTTPS edge: always at the edge, so only the version is set. */
export interface HttpsTlsTerminationModuleArgs {
  /** Default true. */
  enabled?: pulumi.Input<boolean>;
  /** The lowest TLS version accepted; omitted, the service chooses (1.2). */
  minVersion?: pulumi.Input<TlsVersion | null>;
}
export interface TlsTerminationModule {
  /** true: applied to traffic. */
  enabled: boolean;
  /** `edge` or `upstream`. */
  terminateAt: TerminateAt;
  /** null when TLS passes through. */
  minVersion: TlsVersion | null;
}

/** `circuitBreaker`: stops sending to a failing upstream; omitted numbers are the service's. */
export interface CircuitBreakerModuleArgs {
  /** Default true. */
  enabled?: pulumi.Input<boolean>;
  /** Seconds before an open circuit is re-evaluated. */
  trippedDuration?: pulumi.Input<number>;
  /** Seconds of the statistical window. */
  rollingWindow?: pulumi.Input<number>;
  /** Buckets of the window, 1 to 128. */
  numBuckets?: pulumi.Input<number>;
  /** Requests within a window needed before the circuit can trip. */
  volumeThreshold?: pulumi.Input<number>;
  /** The error rate that trips the circuit: a fraction from 0 to 1, not a percentage. */
  errorThresholdPercentage?: pulumi.Input<number>;
}
export interface CircuitBreakerModule {
  /** true: applied to traffic. */
  enabled: boolean;
  /** Seconds before an open circuit is re-evaluated. */
  trippedDuration: number;
  /** Seconds of the statistical window. */
  rollingWindow: number;
  /** Buckets of the window, at most 128. */
  numBuckets: number;
  /** Requests within a window needed before the circuit can trip. */
  volumeThreshold: number;
  /** The error rate that trips the circuit, a fraction from 0 to 1. */
  errorThresholdPercentage: number;
}

/** A module that is only switched on or off (`compression`, `oidc`, `websocketTcpConverter`, `userAgentFilter`, `jwtValidation`). */
export interface EnabledModuleArgs {
  /** Default true. */
  enabled?: pulumi.Input<boolean>;
}
export interface EnabledModule {
  /** true: applied to traffic. */
  enabled: boolean;
}

/** `requestHeaders` / `responseHeaders`: headers added and removed. */
export interface HeadersModuleArgs {
  /** Default true. */
  enabled?: pulumi.Input<boolean>;
  /** Header name to value; names are sent exactly as written. Default none. */
  add?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Header names; order means nothing. Default none. */
  remove?: pulumi.Input<pulumi.Input<string>[]>;
}
export interface HeadersModule {
  /** true: applied to traffic. */
  enabled: boolean;
  /** Header name to value. */
  add: Record<string, string>;
  /** Header names. */
  remove: string[];
}

/**
 * A key of the `oauth` module's `provider`: the identity provider's lowercase name as the service knows
 * it (checked for that shape; the service decides). The emulator's placeholders: `codehost` (with
 * teams and organizations), `social`, `workspace`, `directory`, `professional`, `devops`, `streaming`, `commerce`.
 */
export type OAuthProviderName = string;

/** One identity provider's settings. */
export interface OAuthProviderConfigArgs {
  /** Omit both id and secret to use the service's managed app. */
  clientId?: pulumi.Input<string>;
  /** Secret. Required with `clientId`. */
  clientSecret?: pulumi.Input<string>;
  /** Needs your own app (`clientId` and `clientSecret`). Order means nothing. */
  scopes?: pulumi.Input<pulumi.Input<string>[]>;
  /** Allowed email addresses. */
  emailAddresses?: pulumi.Input<pulumi.Input<string>[]>;
  /** Allowed email domains. */
  emailDomains?: pulumi.Input<pulumi.Input<string>[]>;
}
/** The `codehost` provider also filters by team and organization. */
export interface CodehostOAuthProviderConfigArgs extends OAuthProviderConfigArgs {
  /** `<org>/<team>` slugs; a member of any is allowed. */
  teams?: pulumi.Input<pulumi.Input<string>[]>;
  /** Organization slugs; a member of any is allowed. */
  organizations?: pulumi.Input<pulumi.Input<string>[]>;
}
/** Exactly one provider key. */
export type OAuthProviderArgs = { codehost?: pulumi.Input<CodehostOAuthProviderConfigArgs> } & {
  [P in Exclude<OAuthProviderName, "codehost">]?: pulumi.Input<OAuthProviderConfigArgs>;
};

/** `oauth`: visitors log in with an identity provider (guards access; stored as a secret). */
export interface OAuthModuleArgs {
  /** Default true. */
  enabled?: pulumi.Input<boolean>;
  /** The identity provider: exactly one key. */
  provider: pulumi.Input<OAuthProviderArgs>;
  /** Lets HTTP OPTIONS through unauthenticated (CORS preflight). Default false. */
  optionsPassthrough?: pulumi.Input<boolean>;
  /** Session cookie name prefix; omitted, the service chooses. */
  cookiePrefix?: pulumi.Input<string>;
  /** Seconds; omitted or 0, the service's default. */
  inactivityTimeout?: pulumi.Input<number>;
  /** Seconds; omitted or 0, the service's default. */
  maximumDuration?: pulumi.Input<number>;
  /** Seconds; omitted or 0, the service's default. */
  authCheckInterval?: pulumi.Input<number>;
}
export interface OAuthProviderConfig {
  /** The OAuth app's client id; null with the service's managed app. */
  clientId: string | null;
  /** Secret. */
  clientSecret: string | null;
  /** Provider scopes. */
  scopes: string[];
  /** Allowed email addresses. */
  emailAddresses: string[];
  /** Allowed email domains. */
  emailDomains: string[];
  /** `codehost` only: `<org>/<team>` slugs. */
  teams?: string[];
  /** `codehost` only: organization slugs. */
  organizations?: string[];
}
export interface OAuthModule {
  /** true: applied to traffic. */
  enabled: boolean;
  /** The one provider that was set. */
  provider: { [P in OAuthProviderName]?: OAuthProviderConfig };
  /** true: HTTP OPTIONS pass unauthenticated. */
  optionsPassthrough: boolean;
  /** Session cookie name prefix. */
  cookiePrefix: string;
  /** Seconds of inactivity that end a session. */
  inactivityTimeout: number;
  /** Maximum seconds of a session. */
  maximumDuration: number;
  /** Seconds between rechecks of the user with the provider. */
  authCheckInterval: number;
}

/** SAML name-id formats. */
export type NameIdFormat =
  | "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent"
  | "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress"
  | "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified"
  | "urn:oasis:names:tc:SAML:2.0:nameid-format:transient";

/** `saml`: visitors log in with a SAML identity provider (guards access). */
export interface SamlModuleArgs {
  /** Default true. */
  enabled?: pulumi.Input<boolean>;
  /** Lets HTTP OPTIONS through unauthenticated. Default false. */
  optionsPassthrough?: pulumi.Input<boolean>;
  /** Session cookie name prefix; omitted, the service chooses. */
  cookiePrefix?: pulumi.Input<string>;
  /** Seconds; omitted, the service's default. */
  inactivityTimeout?: pulumi.Input<number>;
  /** Seconds; omitted, the service's default. */
  maximumDuration?: pulumi.Input<number>;
  /** The identity provider's full XML EntityDescriptor. */
  idpMetadata: pulumi.Input<string>;
  /** The identity provider must ask for credentials on every login. Default false. */
  forceAuthn?: pulumi.Input<boolean>;
  /** Default false. */
  allowIdpInitiated?: pulumi.Input<boolean>;
  /** Groups allowed in; order means nothing. Default none (no group filter). */
  authorizedGroups?: pulumi.Input<pulumi.Input<string>[]>;
  /** Default `urn:oasis:names:tc:SAML:2.0:nameid-format:persistent`. */
  nameidFormat?: pulumi.Input<NameIdFormat>;
}
export interface SamlModule {
  /** true: applied to traffic. */
  enabled: boolean;
  /** true: HTTP OPTIONS pass unauthenticated. */
  optionsPassthrough: boolean;
  /** Session cookie name prefix. */
  cookiePrefix: string;
  /** Seconds of inactivity that end a session. */
  inactivityTimeout: number;
  /** Maximum seconds of a session. */
  maximumDuration: number;
  /** The identity provider's XML EntityDescriptor. */
  idpMetadata: string;
  /** true: the identity provider asks for credentials on every login. */
  forceAuthn: boolean;
  /** true: the identity provider may start a login. */
  allowIdpInitiated: boolean;
  /** Groups allowed in; empty: no group filter. */
  authorizedGroups: string[];
  /** The SAML name-id format. */
  nameidFormat: NameIdFormat;
}
/** What the service generates for a SAML module (read-only). */
export interface SamlServiceProvider {
  /** The service provider's entity id (the metadata URL). */
  entityId: string;
  /** Where the identity provider posts assertions. */
  assertionConsumerServiceUrl: string;
  /** The single logout URL. */
  singleLogoutUrl: string;
  /** The service provider's metadata URL. */
  metadataUrl: string;
  /** The certificate of the key pair that signs SAML requests. */
  requestSigningCertificatePem: string;
  /** The identity provider's metadata URL; "" when unset. */
  idpMetadataUrl: string;
}

/** Webhook senders the service can verify, by neutral name. */
export type WebhookProvider = "CODEHOST" | "CHAT" | "PAYMENTS" | "MESSAGING" | "CI" | "TICKETS" | "CLOUD_NOTIFICATIONS";

/** `webhookVerification`: only requests signed by the sender pass (guards access; stored as a secret). */
export interface WebhookVerificationModuleArgs {
  /** Default true. */
  enabled?: pulumi.Input<boolean>;
  /** The webhook sender. */
  provider: pulumi.Input<WebhookProvider>;
  /** Secret: required and non-empty, except for CLOUD_NOTIFICATIONS (empty or absent). */
  secret?: pulumi.Input<string>;
}
export interface WebhookVerificationModule {
  /** true: applied to traffic. */
  enabled: boolean;
  /** The webhook sender. */
  provider: WebhookProvider;
  /** Secret; "" for CLOUD_NOTIFICATIONS. */
  secret: string;
}
