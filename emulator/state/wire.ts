/**
 * How records appear in answers, shared by the kinds' `render`: absolute URIs, `{id, uri}` refs and the
 * module shapes (§2.3, §2.6, §2.18). No HTTP here: the base URL is the caller's, passed in.
 */
import { selfSignedCertificatePem } from "../x509";
import { certificateAuthorities } from "./certificate-authority";
import { ipPolicies } from "./ip-policy";
import type { ModularRecord, ModuleName, Modules, ModuleSet } from "./modules";
import type { BaseRecord, KindRules, OperationCall, Store } from "./store";

/** Absolute URI of one resource of a kind. */
export function resourceUri(baseUrl: string, kind: KindRules<BaseRecord>, id: string): string {
  return `${baseUrl}${kind.path}/${id}`;
}

export interface Ref {
  id: string;
  uri: string;
}

/** A `Ref` object: `{id, uri}`. */
export function ref(baseUrl: string, kind: KindRules<BaseRecord>, id: string): Ref {
  return { id, uri: resourceUri(baseUrl, kind, id) };
}

/** A Ref to an id of any kind, found by its prefix (the record need not still exist). */
export function refById(baseUrl: string, store: Store, id: string): Ref {
  const kind = store.kindOf(id);
  if (!kind) throw new Error(`no kind has the prefix of ${id}`); // ids are checked before they are stored
  return ref(baseUrl, kind, id);
}

/**
 * With `updateAnswers: "spec"`, a backend PATCH that did not send `backends` answers them empty, as the
 * spec's samples show (§2.10, §2.11); a copy, so the stored record is untouched.
 */
export function specAnswer<R extends BaseRecord & { backends: unknown }>(call: OperationCall, record: R, empty: R["backends"]): R {
  return call.updateAnswers === "spec" && !Object.hasOwn(call.body, "backends") ? { ...record, backends: empty } : record;
}

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
