/** Lifecycle rules of every edge and route module (§2.3, §2.6, §2.18, §2.19), declared once. */
import { DEFAULT_NAMEID_FORMAT, OAUTH_PROVIDERS } from "../sdk/resources/modules";
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
const onOff: ModuleDeclaration = { defaults: within({ enabled: true }) };
const headers: ModuleDeclaration = { defaults: within({ enabled: true, add: {}, remove: [] }), fieldTypes: { remove: "set" } };
const chosen = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, SERVER_CHOSEN])) as Record<K, typeof SERVER_CHOSEN>;
/** What the two login modules (OAuth, SAML) share: a session cookie and its lifetimes (0 = the service's). */
const SESSION_DEFAULTS = { enabled: true, optionsPassthrough: false, ...chosen(["cookiePrefix", "inactivityTimeout", "maximumDuration"]) };

/** Fields the service adds to a SAML module; outputs of their own, not inputs. */
export const SAML_SERVICE_PROVIDER_FIELDS = [
  "entityId",
  "assertionConsumerServiceUrl",
  "singleLogoutUrl",
  "metadataUrl",
  "requestSigningCertificatePem",
  "idpMetadataUrl",
] as const;

export const MODULES = {
  backend: { toInput: (m) => ({ enabled: m.enabled, backendId: m.backend.id }), defaults: within({ enabled: true }) },
  // Policies and authorities apply together, whatever their order: sets.
  ipRestriction: {
    toInput: (m) => ({ enabled: m.enabled, ipPolicyIds: ids(m.ipPolicies) }),
    defaults: within({ enabled: true }),
    fieldTypes: { ipPolicyIds: "set" },
    guard: true,
  },
  mutualTls: {
    toInput: (m) => ({ enabled: m.enabled, certificateAuthorityIds: ids(m.certificateAuthorities) }),
    defaults: within({ enabled: true }),
    fieldTypes: { certificateAuthorityIds: "set" },
    guard: true,
  },
  // Upstream termination has no minimum version (null); at the edge the service chooses one (§2.3).
  tlsTermination: {
    defaults: within((given) => ({
      enabled: true,
      terminateAt: "edge",
      minVersion: given.terminateAt === "upstream" ? null : SERVER_CHOSEN,
    })),
  },
  circuitBreaker: {
    defaults: within({
      enabled: true,
      ...chosen(["trippedDuration", "rollingWindow", "numBuckets", "volumeThreshold", "errorThresholdPercentage"]),
    }),
  },
  compression: onOff,
  requestHeaders: headers,
  responseHeaders: headers,
  oauth: {
    defaults: within({
      ...SESSION_DEFAULTS,
      authCheckInterval: SERVER_CHOSEN,
      // Any provider key (the service decides which it knows): its lists default to empty; teams and
      // organizations, which only the code-hosting provider has, are the service's to report.
      provider: within((given) =>
        Object.fromEntries(
          Object.keys(given).map((p) => [
            p,
            within({
              scopes: [],
              emailAddresses: [],
              emailDomains: [],
              ...(p === OAUTH_PROVIDERS[0] ? { teams: [], organizations: [] } : { teams: SERVER_CHOSEN, organizations: SERVER_CHOSEN }),
            }),
          ]),
        ),
      ),
    }),
    fieldTypes: Object.fromEntries(
      ["scopes", "emailAddresses", "emailDomains", "teams", "organizations"].map((k) => [`provider.*.${k}`, "set" as const]),
    ),
    guard: true,
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
  },
  // The secretless sender reads back with an empty secret.
  webhookVerification: { defaults: within({ enabled: true, secret: "" }), guard: true },
  oidc: { ...onOff, guard: true },
  jwtValidation: { ...onOff, guard: true },
  userAgentFilter: { ...onOff, guard: true },
  websocketTcpConverter: onOff,
} satisfies Record<string, ModuleDeclaration>;

export type ModuleName = keyof typeof MODULES;

/** The class fields of the modules several kinds have, declared once. */
export const MODULE_FIELDS = {
  backend: {
    input: { type: "BackendModuleArgs", doc: "Where traffic goes." },
    type: "BackendModule | null",
    doc: "Each module as the service reports it, in the input shape; null when unset.",
  },
  ipRestriction: {
    input: { type: "IpRestrictionModuleArgs", doc: "Guards access: only the ranges of these IP policies." },
    type: "IpRestrictionModule | null",
    doc: "As the service reports it, in the input shape; null when unset.",
  },
  mutualTls: {
    input: { type: "MutualTlsModuleArgs", doc: "Guards access: clients present a certificate from these authorities." },
    type: "MutualTlsModule | null",
    doc: "As the service reports it, in the input shape; null when unset.",
  },
} as const satisfies Record<string, FieldDeclaration>;

/** The module declarations of one kind, by name. */
export const modulesOf = (names: readonly ModuleName[]): Record<string, ModuleDeclaration> =>
  Object.fromEntries(names.map((name) => [name, MODULES[name]]));
