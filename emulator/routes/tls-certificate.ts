import { createTlsCertificate, tlsCertificates, updateTlsCertificate, type TlsCertificateRecord } from "../state/tls-certificate";
import { crudRoutes, resourceUri } from "./crud";

/** §2.17 field order; the private key is never part of a response. */
function render(r: TlsCertificateRecord, baseUrl: string) {
  return {
    id: r.id,
    uri: resourceUri(baseUrl, tlsCertificates, r.id),
    created_at: r.created_at,
    description: r.description,
    metadata: r.metadata,
    certificate_pem: r.certificate_pem,
    subject_common_name: r.subject_common_name,
    subject_alternative_names: r.subject_alternative_names,
    issued_at: r.issued_at,
    not_before: r.not_before,
    not_after: r.not_after,
    key_usages: r.key_usages,
    extended_key_usages: r.extended_key_usages,
    private_key_type: r.private_key_type,
    issuer_common_name: r.issuer_common_name,
    serial_number: r.serial_number,
    subject_organization: r.subject_organization,
    subject_organizational_unit: r.subject_organizational_unit,
    subject_locality: r.subject_locality,
    subject_province: r.subject_province,
    subject_country: r.subject_country,
  };
}

export const tlsCertificateOperations = crudRoutes({
  kind: tlsCertificates,
  listKey: "tls_certificates",
  render,
  create: (req) => render(createTlsCertificate(req.store, req.body), req.baseUrl),
  update: (req, id) => updateTlsCertificate(req.store, id, req.body),
});
