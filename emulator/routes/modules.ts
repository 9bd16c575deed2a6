/**
 * Module response shapes (§2.3, §2.6, §2.18) and the module operations GET/PUT/DELETE …/{module}
 * (§4.1.7), shared by every edge kind and HTTPS edge routes.
 */
import type { ApiRequest, Route } from "../http/router";
import { certificateAuthorities } from "../state/certificate-authority";
import { ipPolicies } from "../state/ip-policy";
import { deleteModule, getModule, putModule, type ModularRecord, type ModuleName, type Modules, type ModuleSet } from "../state/modules";
import type { Collection, Store } from "../state/store";
import { selfSignedCertificatePem } from "../x509";
import { ref, refById } from "./crud";

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

/** Modules whose response differs from the stored shape; every other one is returned as stored. */
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

/** The record a module operation acts on, found from the request (404 when missing). */
export interface ModuleOwner<R extends ModularRecord> {
  collection: Collection<R>;
  record: R;
  label: string;
}

/** GET, PUT and DELETE `<itemPath>/<module>` for every module of the set. */
export function moduleRoutes<R extends ModularRecord>(
  itemPath: string,
  set: ModuleSet,
  find: (req: ApiRequest) => ModuleOwner<R>,
): Route[] {
  return set.names.flatMap((name): Route[] => {
    const path = `${itemPath}/${name}`;
    const respond = (req: ApiRequest, owner: ModuleOwner<R>, record: R) => {
      const ctx = { baseUrl: req.baseUrl, store: req.store, ownerId: record.id };
      return { status: 200, body: renderModule(name, getModule(owner.label, record, name), ctx) };
    };
    return [
      {
        method: "GET",
        path,
        handle: (req) => {
          const owner = find(req);
          return respond(req, owner, owner.record);
        },
      },
      {
        method: "PUT",
        path,
        handle: (req) => {
          const owner = find(req);
          return respond(req, owner, putModule(req.store, owner.collection, owner.record, set, name, req.body));
        },
      },
      {
        method: "DELETE",
        path,
        handle: (req) => {
          const { collection, record, label } = find(req);
          deleteModule(label, collection, record, name);
          return { status: 204 };
        },
      },
    ];
  });
}
