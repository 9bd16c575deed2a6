/**
 * The public types of the resource classes that are not one kind's own: every kind's provider-level
 * inputs, the options of `get`, and the edge and route modules. A kind's own types live with its
 * declaration (provider/kinds/<kind>.ts); the generated classes import both.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Connection } from "./connection";
import type * as sdk from "../sdk/types";

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
 * Edge and route modules (§2.3, §2.6, §2.18, §2.19), derived from the sdk's request types
 * (sdk/types.ts, printed from its schemas): an input module is the sdk's params with any value a
 * `pulumi.Input`; given, it replaces the whole module; one left out is removed. An output module is the
 * module as the service reports it, in the input shape: every field present (null when unset).
 */

/** `T` with any value, at any depth, a `pulumi.Input` (what a resource's args accept). */
export type Inputs<T> = T extends string | number | boolean | bigint | null | undefined
  ? T
  : T extends readonly (infer E)[]
    ? pulumi.Input<Inputs<E>>[]
    : { [K in keyof T]: pulumi.Input<Inputs<T[K]>> };
/** A module's request type as the service reports it back: every field present. */
export type Settled<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/** `backend` (TCP, TLS edges; HTTPS routes): where traffic goes. */
export type BackendModuleArgs = Inputs<sdk.BackendModuleParams>;
/** The module as the service reports it, in the input shape of `BackendModuleArgs`. */
export type BackendModule = Settled<sdk.BackendModuleParams>;
/** `ipRestriction`: only the ranges of these IP policies may connect (guards access). */
export type IpRestrictionModuleArgs = Inputs<sdk.IpRestrictionModuleParams>;
/** The module as the service reports it, in the input shape of `IpRestrictionModuleArgs`. */
export type IpRestrictionModule = Settled<sdk.IpRestrictionModuleParams>;
/** `mutualTls`: clients must present a certificate signed by one of these authorities (guards access). */
export type MutualTlsModuleArgs = Inputs<sdk.MutualTlsModuleParams>;
/** The module as the service reports it, in the input shape of `MutualTlsModuleArgs`. */
export type MutualTlsModule = Settled<sdk.MutualTlsModuleParams>;

/** Where TLS ends: at the edge, or (TLS edges only) passed through to the upstream. */
export type TerminateAt = NonNullable<sdk.TlsTerminationModuleParams["terminateAt"]>;
/** A TLS protocol version. */
export type TlsVersion = NonNullable<sdk.TlsTerminationModuleParams["minVersion"]>;
/** `tlsTermination` of a TLS edge. */
export type TlsTerminationModuleArgs = Inputs<sdk.TlsTerminationModuleParams>;
/** `tlsTermination` of an HTTPS edge: always at the edge, so only the version is set. */
export type HttpsTlsTerminationModuleArgs = Inputs<sdk.HttpsTlsTerminationModuleParams>;
/** The module as the service reports it, in the input shape of `TlsTerminationModuleArgs`. */
export type TlsTerminationModule = Settled<sdk.TlsTerminationModuleParams>;

/** `circuitBreaker`: stops sending to a failing upstream; omitted numbers are the service's. */
export type CircuitBreakerModuleArgs = Inputs<sdk.CircuitBreakerModuleParams>;
/** The module as the service reports it, in the input shape of `CircuitBreakerModuleArgs`. */
export type CircuitBreakerModule = Settled<sdk.CircuitBreakerModuleParams>;

/** A module that is only switched on or off. */
export type EnabledModuleArgs = Inputs<sdk.EnabledModuleParams>;
/** The module as the service reports it, in the input shape of `EnabledModuleArgs`. */
export type EnabledModule = Settled<sdk.EnabledModuleParams>;

/** `requestHeaders` / `responseHeaders`: headers added and removed. */
export type HeadersModuleArgs = Inputs<sdk.HeadersModuleParams>;
/** The module as the service reports it, in the input shape of `HeadersModuleArgs`. */
export type HeadersModule = Settled<sdk.HeadersModuleParams>;

/** The identity providers of the `oauth` module, by key (`github`, `google`, ...). */
export type OAuthProviderName = keyof sdk.OAuthProviderParams;
/** One identity provider's settings. */
export type OAuthProviderConfigArgs = Inputs<sdk.OAuthProviderConfigParams>;
/** The `github` provider also filters by team and organization. */
export type GithubOAuthProviderConfigArgs = Inputs<sdk.GithubOAuthProviderConfigParams>;
/** Exactly one provider key. */
export type OAuthProviderArgs = Inputs<sdk.OAuthProviderParams>;
/** `oauth`: visitors log in with an identity provider (guards access; stored as a secret). */
export type OAuthModuleArgs = Inputs<sdk.OAuthModuleParams>;
/** One identity provider's settings, as the service reports them. */
export type OAuthProviderConfig = sdk.OAuthProviderConfig;
/** The `oauth` module as the service reports it (which already is the input shape). */
export type OAuthModule = sdk.OAuthModule;

/** SAML name-id formats. */
export type NameIdFormat = NonNullable<sdk.SamlModuleParams["nameidFormat"]>;
/** `saml`: visitors log in with a SAML identity provider (guards access). */
export type SamlModuleArgs = Inputs<sdk.SamlModuleParams>;
/** The module as the service reports it, in the input shape of `SamlModuleArgs`. */
export type SamlModule = Settled<sdk.SamlModuleParams>;
/** What the service generates for a SAML module (read-only): the fields of its answer a request cannot set. */
export type SamlServiceProvider = Omit<sdk.SamlModule, keyof sdk.SamlModuleParams>;

/** Webhook senders the service can verify, by neutral name. */
export type WebhookProvider = sdk.WebhookVerificationModuleParams["provider"];
/** `webhookVerification`: only requests signed by the sender pass (guards access; stored as a secret). */
export type WebhookVerificationModuleArgs = Inputs<sdk.WebhookVerificationModuleParams>;
/** The module as the service reports it, in the input shape of `WebhookVerificationModuleArgs`. */
export type WebhookVerificationModule = Settled<sdk.WebhookVerificationModuleParams>;

/** The HTTPS route modules, by name, as the sdk's route module set has them. */
export type RouteModuleName = keyof sdk.HttpsEdgeRouteModules;
/** A route module's input, by name (`RouteModuleArgs<"oauth">` is `OAuthModuleArgs`). */
export type RouteModuleArgs<M extends RouteModuleName> = Inputs<sdk.HttpsEdgeRouteModules[M]["params"]>;
/** A route module as the service reports it, in the input shape (`oauth`'s answer already is). */
export type RouteModule<M extends RouteModuleName> = M extends "oauth" ? OAuthModule : Settled<sdk.HttpsEdgeRouteModules[M]["params"]>;
