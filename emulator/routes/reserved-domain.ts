import { reservedDomains, type ReservedDomainRecord } from "../state/reserved-domain";
import { tlsCertificates } from "../state/tls-certificate";
import { crudRoutes, ref, resourceUri } from "./crud";

/** §2.12 field order; `certificate` is the uploaded certificate, else the latest managed one. */
function render(r: ReservedDomainRecord, baseUrl: string) {
  const certificateId = r.certificate_id ?? r.managed_certificate_id;
  return {
    id: r.id,
    uri: resourceUri(baseUrl, reservedDomains, r.id),
    created_at: r.created_at,
    description: r.description,
    metadata: r.metadata,
    domain: r.domain,
    region: r.region,
    cname_target: r.cname_target,
    http_endpoint_configuration: null,
    https_endpoint_configuration: null,
    certificate: certificateId === null ? null : ref(baseUrl, tlsCertificates, certificateId),
    certificate_management_policy: r.certificate_management_policy,
    certificate_management_status: r.certificate_management_status,
    acme_challenge_cname_target: r.acme_challenge_cname_target,
  };
}

export const reservedDomainOperations = crudRoutes({
  kind: reservedDomains,
  listKey: "reserved_domains",
  render,
  create: (req) => render(req.domains.create(req.body), req.baseUrl),
  update: (req, id) => req.domains.update(id, req.body),
});
