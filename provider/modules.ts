/**
 * Lifecycle rules of every edge and route module (§2.3, §2.6, §2.18, §2.19), declared once; which
 * modules exist, and their fields, are the sdk's (sdk/resources/modules.ts, route-modules.ts, login-modules.ts).
 */
import { CODE_HOSTING_OAUTH_PROVIDER, DEFAULT_NAMEID_FORMAT, SamlModule, SamlModuleParams } from "../sdk/resources/login-modules";
import type { HttpsEdgeModuleName, TlsEdgeModuleName } from "../sdk/resources/modules";
import { HttpsEdgeRouteModules, type HttpsEdgeRouteModuleName } from "../sdk/resources/route-modules";
import { SERVER_CHOSEN, within, type FieldDeclaration, type ModuleDeclaration } from "./framework/kind";

/*
 * Defaults the spec fixes (`enabled: true`, the SAML name-id format, "no groups", "no headers") are
 * constants: an explicit value that differs is a change, and removing it is one too. Values the spec
 * leaves to the service (the TLS minimum version and the cookie prefix: "the service chooses"; the
 * circuit breaker's numbers and the session lifetimes, for which it names no value) are SERVER_CHOSEN:
 * omitted, they match whatever the service reports; given, they are compared. The price: removing an
 * explicit one keeps the service's current value until the module is set again.
 */
const ids = (refs: { id: string }[]) => refs.map((ref) => ref.id);
const onOff = { defaults: within({ enabled: true }) };
const headers = { defaults: within({ enabled: true, add: {}, remove: [] }), fieldTypes: { remove: "set" } } as const;
const chosen = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, SERVER_CHOSEN])) as Record<K, typeof SERVER_CHOSEN>;
/** What the two login modules (OAuth, SAML) share: a session cookie and its lifetimes (0 = the service's). */
const SESSION_DEFAULTS = { enabled: true, optionsPassthrough: false, ...chosen(["cookiePrefix", "inactivityTimeout", "maximumDuration"]) };

/** Fields the service adds to a SAML module (its answer's fields a request cannot set); outputs of their own, not inputs. */
export const SAML_SERVICE_PROVIDER_FIELDS: readonly string[] = Object.keys(SamlModule.shape).filter((k) => !(k in SamlModuleParams.shape));

/**
 * A module's rules, and for a route module its class field: `doc`, what the input does; `secret`,
 * stored whole as a secret (it holds a credential).
 */
interface ModuleRules extends ModuleDeclaration {
  readonly doc: string;
  readonly secret?: true;
}

export const MODULES = {
  backend: {
    toInput: (m) => ({ enabled: m.enabled, backendId: m.backend.id }),
    defaults: within({ enabled: true }),
    doc: "Where traffic goes.",
  },
  // Policies and authorities apply together, whatever their order: sets.
  ipRestriction: {
    toInput: (m) => ({ enabled: m.enabled, ipPolicyIds: ids(m.ipPolicies) }),
    defaults: within({ enabled: true }),
    fieldTypes: { ipPolicyIds: "set" },
    guard: true,
    doc: "Guards access: only the ranges of these IP policies.",
  },
  mutualTls: {
    toInput: (m) => ({ enabled: m.enabled, certificateAuthorityIds: ids(m.certificateAuthorities) }),
    defaults: within({ enabled: true }),
    fieldTypes: { certificateAuthorityIds: "set" },
    guard: true,
    doc: "Guards access: clients present a certificate from these authorities.",
  },
  // Upstream termination has no minimum version (null); at the edge the service chooses one (§2.3).
  tlsTermination: {
    defaults: within((given) => ({
      enabled: true,
      terminateAt: "edge",
      minVersion: given.terminateAt === "upstream" ? null : SERVER_CHOSEN,
    })),
    doc: "Where TLS ends and the minimum TLS version.",
  },
  circuitBreaker: {
    defaults: within({
      enabled: true,
      ...chosen(["trippedDuration", "rollingWindow", "numBuckets", "volumeThreshold", "errorThresholdPercentage"]),
    }),
    doc: "Stops sending to a failing upstream until it recovers.",
  },
  compression: { ...onOff, doc: "Compresses responses." },
  requestHeaders: { ...headers, doc: "Headers added to and removed from the request sent upstream." },
  responseHeaders: { ...headers, doc: "Headers added to and removed from the response returned to the client." },
  oauth: {
    defaults: within({
      ...SESSION_DEFAULTS,
      authCheckInterval: SERVER_CHOSEN,
      // The provider's lists default to empty; teams and organizations, which only the code-hosting
      // provider has, are the service's to report on another.
      provider: within((given) =>
        Object.fromEntries(
          Object.keys(given).map((p) => [
            p,
            within({
              scopes: [],
              emailAddresses: [],
              emailDomains: [],
              ...(p === CODE_HOSTING_OAUTH_PROVIDER
                ? { teams: [], organizations: [] }
                : { teams: SERVER_CHOSEN, organizations: SERVER_CHOSEN }),
            }),
          ]),
        ),
      ),
    }),
    fieldTypes: Object.fromEntries(
      ["scopes", "emailAddresses", "emailDomains", "teams", "organizations"].map((k) => [`provider.*.${k}`, "set" as const]),
    ),
    guard: true,
    doc: "Guards access; stored whole as a secret.",
    secret: true,
  },
  saml: {
    toInput: (m) => Object.fromEntries(Object.entries(m).filter(([k]) => !(SAML_SERVICE_PROVIDER_FIELDS as readonly string[]).includes(k))),
    defaults: within({
      ...SESSION_DEFAULTS,
      forceAuthn: false,
      allowIdpInitiated: false,
      authorizedGroups: [],
      nameidFormat: DEFAULT_NAMEID_FORMAT,
    }),
    fieldTypes: { authorizedGroups: "set" },
    guard: true,
    doc: "Guards access.",
  },
  // The secretless sender reads back with an empty secret.
  webhookVerification: {
    defaults: within({ enabled: true, secret: "" }),
    guard: true,
    doc: "Guards access; stored whole as a secret.",
    secret: true,
  },
  oidc: { ...onOff, guard: true, doc: "Guards access." },
  jwtValidation: { ...onOff, guard: true, doc: "Guards access." },
  userAgentFilter: { ...onOff, guard: true, doc: "Guards access." },
  websocketTcpConverter: { ...onOff, doc: "Websocket to TCP adapter." },
  // Every module of every sdk module set, and no other (a missing or extra key fails to compile).
} satisfies Record<TlsEdgeModuleName | HttpsEdgeModuleName | HttpsEdgeRouteModuleName, ModuleRules>;

export type ModuleName = keyof typeof MODULES;

/** The class fields of the modules several kinds have, declared once. */
export const MODULE_FIELDS = {
  backend: {
    input: { type: "BackendModuleArgs", doc: MODULES.backend.doc },
    type: "BackendModule | null",
    doc: "Each module as the service reports it, in the input shape; null when unset.",
  },
  ipRestriction: {
    input: { type: "IpRestrictionModuleArgs", doc: MODULES.ipRestriction.doc },
    type: "IpRestrictionModule | null",
    doc: "As the service reports it, in the input shape; null when unset.",
  },
  mutualTls: {
    input: { type: "MutualTlsModuleArgs", doc: MODULES.mutualTls.doc },
    type: "MutualTlsModule | null",
    doc: "As the service reports it, in the input shape; null when unset.",
  },
} as const satisfies Record<string, FieldDeclaration>;

/** The HTTPS route modules, in the sdk's order. */
export const ROUTE_MODULES = Object.keys(HttpsEdgeRouteModules) as HttpsEdgeRouteModuleName[];

/** An HTTPS route's class field for each of its modules, typed by the module's name (provider/types.ts). */
export const routeModuleFields = (): Record<HttpsEdgeRouteModuleName, FieldDeclaration> =>
  Object.fromEntries(
    ROUTE_MODULES.map((name) => {
      const rules: ModuleRules = MODULES[name];
      const field: FieldDeclaration = {
        input: { type: `RouteModuleArgs<"${name}">`, doc: rules.doc },
        type: `RouteModule<"${name}"> | null`,
        doc: rules.secret ? "Secret." : "As the service reports it, in the input shape; null when unset.",
        ...(rules.secret ? { secret: true } : {}),
      };
      return [name, field];
    }),
  ) as Record<HttpsEdgeRouteModuleName, FieldDeclaration>;

/** The module declarations of one kind, by name. */
export const modulesOf = (names: readonly ModuleName[]): Record<string, ModuleDeclaration> =>
  Object.fromEntries(names.map((name) => [name, MODULES[name]]));
