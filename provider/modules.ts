/** Lifecycle rules of every edge and route module (§2.3, §2.6, §2.18, §2.19), declared once. */
import { CIRCUIT_BREAKER_DEFAULTS, DEFAULT_COOKIE_PREFIX, DEFAULT_MIN_VERSION, DEFAULT_NAMEID_FORMAT, OAUTH_PROVIDERS } from "../sdk";
import { within, type ModuleSpec } from "./framework/kind";

const ids = (refs: { id: string }[]) => refs.map((ref) => ref.id);
const onOff: ModuleSpec = { defaults: within({ enabled: true }) };
const headers: ModuleSpec = { defaults: within({ enabled: true, add: {}, remove: [] }) };
/** What the two login modules (OAuth, SAML) share: a session cookie and its lifetimes (0 = the service's). */
const SESSION_DEFAULTS = { enabled: true, optionsPassthrough: false, cookiePrefix: DEFAULT_COOKIE_PREFIX, inactivityTimeout: 0, maximumDuration: 0 };

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
  ipRestriction: { toInput: (m) => ({ enabled: m.enabled, ipPolicyIds: ids(m.ipPolicies) }), defaults: within({ enabled: true }), guard: true },
  mutualTls: {
    toInput: (m) => ({ enabled: m.enabled, certificateAuthorityIds: ids(m.certificateAuthorities) }),
    defaults: within({ enabled: true }),
    guard: true,
  },
  // Upstream termination has no minimum version.
  tlsTermination: {
    defaults: within((given) => ({ enabled: true, terminateAt: "edge", minVersion: given.terminateAt === "upstream" ? null : DEFAULT_MIN_VERSION })),
  },
  circuitBreaker: { defaults: within({ enabled: true, ...CIRCUIT_BREAKER_DEFAULTS }) },
  compression: onOff,
  requestHeaders: headers,
  responseHeaders: headers,
  oauth: {
    defaults: within({
      ...SESSION_DEFAULTS,
      authCheckInterval: 0,
      provider: within(
        Object.fromEntries(
          OAUTH_PROVIDERS.map((p) => [
            p,
            within({ scopes: [], emailAddresses: [], emailDomains: [], ...(p === "codehost" ? { teams: [], organizations: [] } : {}) }),
          ]),
        ),
      ),
    }),
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
    guard: true,
  },
  // The secretless sender reads back with an empty secret.
  webhookVerification: { defaults: within({ enabled: true, secret: "" }), guard: true },
  oidc: { ...onOff, guard: true },
  jwtValidation: { ...onOff, guard: true },
  userAgentFilter: { ...onOff, guard: true },
  websocketTcpConverter: onOff,
} satisfies Record<string, ModuleSpec>;

export type ModuleName = keyof typeof MODULES;

/** The module specs of one kind, by name. */
export const modulesOf = (names: readonly ModuleName[]): Record<string, ModuleSpec> =>
  Object.fromEntries(names.map((name) => [name, MODULES[name]]));

/** Kinds whose PATCH sets modules too (§4.1.6, edge update: TCP and TLS edges); a module present replaces it. */
export const PATCH_SETS_MODULES: ReadonlySet<string> = new Set(["TcpEdge", "TlsEdge"]);
