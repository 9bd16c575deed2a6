import {
  certificateAuthorities,
  createCertificateAuthority,
  updateCertificateAuthority,
  type CertificateAuthorityRecord,
} from "../state/certificate-authority";
import { crudRoutes, resourceUri } from "./crud";

/** §2.17 field order. */
function render(record: CertificateAuthorityRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, certificateAuthorities, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    ca_pem: record.ca_pem,
    subject_common_name: record.subject_common_name,
    not_before: record.not_before,
    not_after: record.not_after,
    key_usages: record.key_usages,
    extended_key_usages: record.extended_key_usages,
  };
}

export const certificateAuthorityOperations = crudRoutes({
  kind: certificateAuthorities,
  listKey: "certificate_authorities",
  render,
  create: (req) => render(createCertificateAuthority(req.store, req.body), req.baseUrl),
  update: (req, id) => updateCertificateAuthority(req.store, id, req.body),
});
