/**
 * The form of each kind's ids (§2.1), for `adopt`: an id of another kind, or a typo, fails at preview
 * instead of at `up`. Prefixes are the sdk's id rules; routes and event sources have composite ids.
 */
import { fields } from "../../sdk";
import type { IdForm, KindSpec } from "./kind";

/** An id with one of these prefixes and an opaque suffix, by the sdk's rule. */
export function prefixed(prefix: string): IdForm {
  const schema = fields.idWithPrefix(prefix);
  return { shown: `${prefix}…`, test: (id) => schema.safeParse(id).success };
}

/** `<a>/<b>`, each part checked by its own form. */
export function composite(parent: IdForm, child: IdForm): IdForm {
  return {
    shown: `${parent.shown}/${child.shown}`,
    test: (id) => {
      const at = id.indexOf("/");
      return at > 0 && parent.test(id.slice(0, at)) && child.test(id.slice(at + 1));
    },
  };
}

// The shape, not the documented list: a source of a type the service added since is still adoptable.
const eventType: IdForm = { shown: "<event type>", test: (type) => /^[a-z0-9_]+\.v[0-9]+$/.test(type) };

/** By kind name, for kinds whose spec does not declare `idForm`. */
const ID_FORMS: Readonly<Record<string, IdForm>> = {
  ApiKey: prefixed("ak_"),
  IpPolicy: prefixed("ipp_"),
  IpRestriction: prefixed("ipx_"),
  IpPolicyRule: prefixed("ipr_"),
  TunnelCredential: prefixed("cr_"),
  TunnelGroupBackend: prefixed("bkdtg_"),
  WeightedBackend: prefixed("bkdwd_"),
  FailoverBackend: prefixed("bkdfo_"),
  TcpEdge: prefixed("edgtcp_"),
  TlsEdge: prefixed("edgtls_"),
  HttpsEdge: prefixed("edghts_"),
  HttpsEdgeRoute: composite(prefixed("edghts_"), prefixed("edghtsrt_")),
  ReservedDomain: prefixed("rd_"),
  CertificateAuthority: prefixed("ca_"),
  TlsCertificate: prefixed("cert_"),
  SshCredential: prefixed("sshcr_"),
  SshCertificateAuthority: prefixed("sshca_"),
  SshUserCertificate: prefixed("sucrt_"),
  SshHostCertificate: prefixed("shcrt_"),
  EventDestination: prefixed("ed_"),
  EventSubscription: prefixed("esb_"),
  EventSource: composite(prefixed("esb_"), eventType),
};

/** Any id (§2.1's shape) for a kind nobody declared a form for. */
const ANY_ID: IdForm = { shown: "<prefix>_…", test: (id) => fields.anyId.safeParse(id).success };

export const idFormOf = (spec: KindSpec): IdForm => spec.idForm ?? ID_FORMS[spec.name] ?? ANY_ID;
