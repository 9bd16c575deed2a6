/**
 * Edge and route modules (§2.3, §2.6, §2.18, §2.19, §4.1.6–7), shared by every edge kind and HTTPS edge
 * routes: reference checks, the rules between modules, the module operations (replace through a body or
 * PUT, read, delete) and how answers show them. Their shapes are in ./module-shapes.ts.
 */
import { ApiError, fieldError } from "../errors";
import { selfSignedCertificatePem } from "../x509";
import { requireBackend } from "./backends";
import { certificateAuthorities } from "./certificate-authority";
import { ipPolicies } from "./ip-policy";
import { bodyAt, httpsTlsTermination, requestSchema, type At, type ModuleName, type Modules, type ModuleSet } from "./module-shapes";
import type { BaseRecord, Collection, Store } from "./store";
import { checkRefs, parseBody } from "./validation";
import { ref, refById } from "./wire";

const putAt: At = (module, field) => field ?? module;

/** Reference checks, run when a module is sent (refs that later go stale are kept). */
const CHECKS: { [K in ModuleName]?: (store: Store, value: NonNullable<Modules[K]>, at: (field: string) => string) => void } = {
  backend: (store, m, at) => requireBackend(store, m.backend_id, at("backend_id")),
  ip_restriction: (store, m, at) => checkRefs(store, ipPolicies, m.ip_policy_ids, at("ip_policy_ids")),
  mutual_tls: (store, m, at) => checkRefs(store, certificateAuthorities, m.certificate_authority_ids, at("certificate_authority_ids")),
};

/** Ids the modules use: a backend or certificate authority may not be deleted while a module names it. */
export function modulesUse(modules: Modules): string[] {
  return [...(modules.backend ? [modules.backend.backend_id] : []), ...(modules.mutual_tls?.certificate_authority_ids ?? [])];
}

/**
 * The modules after a request: the ones it sent (already parsed) replace the current ones wholly, after
 * their reference checks; then the set's rules are checked on the result.
 */
export function applyModules(store: Store, set: ModuleSet, current: Modules, sent: Modules, at: At = bodyAt): Modules {
  const names = set.names.filter((name) => sent[name] !== undefined);
  for (const name of names) {
    const check = CHECKS[name] as ((store: Store, value: unknown, at: (field: string) => string) => void) | undefined;
    check?.(store, sent[name], (field) => at(name, field));
  }
  const next: Modules = { ...current };
  for (const name of names) Object.assign(next, { [name]: sent[name] });
  set.check?.(next, names, at);
  return next;
}

/** A record that carries modules: edges and routes. */
export interface ModularRecord extends BaseRecord {
  modules: Modules;
}

/** GET …/{module}: the stored module, or NOT_FOUND when it is unset. */
export function getModule<K extends ModuleName>(label: string, record: ModularRecord, name: K): NonNullable<Modules[K]> {
  const value = record.modules[name];
  if (value === undefined) throw new ApiError("NOT_FOUND", `${label} ${record.id} has no ${name} module`);
  return value as NonNullable<Modules[K]>;
}

/** PUT …/{module}: the body is the module's request shape; replaces the module wholly. */
export function putModule<R extends ModularRecord>(
  store: Store,
  collection: Collection<R>,
  record: R,
  set: ModuleSet,
  name: ModuleName,
  body: Record<string, unknown>,
): R {
  const value = parseBody(requestSchema(set, name), body);
  const modules = applyModules(store, set, record.modules, { [name]: value }, putAt);
  return collection.replace({ ...record, modules });
}

/** DELETE …/{module}: NOT_FOUND when it is unset. */
export function deleteModule<R extends ModularRecord>(label: string, collection: Collection<R>, record: R, name: ModuleName): R {
  getModule(label, record, name);
  const modules = { ...record.modules };
  delete modules[name];
  return collection.replace({ ...record, modules });
}

// ---- module sets ----------------------------------------------------------------------------------

/** TLS passes through untouched when it ends upstream, so only these modules can still act on it. */
const UPSTREAM_ALLOWED: readonly ModuleName[] = ["backend", "ip_restriction", "tls_termination"];

export const TCP_EDGE_MODULES: ModuleSet = { names: ["backend", "ip_restriction"] };

export const TLS_EDGE_MODULES: ModuleSet = {
  names: ["backend", "ip_restriction", "mutual_tls", "tls_termination"],
  check(modules, sent, at) {
    if (modules.tls_termination?.terminate_at !== "upstream") return;
    const blocked = (Object.keys(modules) as ModuleName[]).filter((name) => !UPSTREAM_ALLOWED.includes(name));
    if (blocked.length === 0) return;
    if (sent.includes("tls_termination")) {
      throw fieldError(
        "INVALID_FIELD",
        at("tls_termination", "terminate_at"),
        `must not be upstream while the ${blocked[0]} module is set`,
        '"upstream"',
      );
    }
    throw fieldError("INVALID_FIELD", at(blocked[0]), "is not allowed while tls_termination.terminate_at is upstream");
  },
};

export const HTTPS_EDGE_MODULES: ModuleSet = {
  names: ["mutual_tls", "tls_termination"],
  requests: { tls_termination: httpsTlsTermination },
};

export const ROUTE_MODULES: ModuleSet = {
  names: [
    "backend",
    "ip_restriction",
    "circuit_breaker",
    "compression",
    "request_headers",
    "response_headers",
    "webhook_verification",
    "oauth",
    "saml",
    "oidc",
    "websocket_tcp_converter",
    "user_agent_filter",
    "jwt_validation",
  ],
};

export interface RenderContext {
  baseUrl: string;
  store: Store;
  /** Id of the edge or route that carries the modules. */
  ownerId: string;
}

const SAML_HOST = "idp.edge-ingress.local";
let samlCertificate: string | undefined;

/** The SAML request-signing certificate: made once per process, on first use. */
export function samlSigningCertificatePem(): string {
  return (samlCertificate ??= selfSignedCertificatePem(SAML_HOST, 3650));
}

/** Modules whose answer differs from the stored shape; every other one is answered as stored. */
const RENDER: { [K in ModuleName]?: (value: NonNullable<Modules[K]>, ctx: RenderContext) => unknown } = {
  backend: ({ enabled, backend_id }, { baseUrl, store }) => ({ enabled, backend: refById(baseUrl, store, backend_id) }),
  ip_restriction: ({ enabled, ip_policy_ids }, { baseUrl }) => ({
    enabled,
    // Refs stay after the policy is deleted (§4.6).
    ip_policies: ip_policy_ids.map((id) => ref(baseUrl, ipPolicies, id)),
  }),
  mutual_tls: ({ enabled, certificate_authority_ids }, { baseUrl }) => ({
    enabled,
    certificate_authorities: certificate_authority_ids.map((id) => ref(baseUrl, certificateAuthorities, id)),
  }),
  saml: (saml, { ownerId }) => {
    const base = `https://${SAML_HOST}/saml/${ownerId}`;
    return {
      ...saml,
      idp_metadata_url: "",
      entity_id: `${base}/metadata`,
      assertion_consumer_service_url: `${base}/acs`,
      single_logout_url: `${base}/slo`,
      request_signing_certificate_pem: samlSigningCertificatePem(),
      metadata_url: `${base}/metadata`,
    };
  },
};

export function renderModule(name: ModuleName, value: NonNullable<Modules[ModuleName]>, ctx: RenderContext): unknown {
  const render = RENDER[name] as ((value: unknown, ctx: RenderContext) => unknown) | undefined;
  return render ? render(value, ctx) : value;
}

/** Every module of the set, in the set's order; `null` when unset (§2.1). */
export function renderModules(set: ModuleSet, record: ModularRecord, baseUrl: string, store: Store): Record<string, unknown> {
  const ctx = { baseUrl, store, ownerId: record.id };
  return Object.fromEntries(
    set.names.map((name) => {
      const value = record.modules[name];
      return [name, value === undefined ? null : renderModule(name, value, ctx)];
    }),
  );
}
