import {
  createSshCertificateAuthority,
  sshCertificateAuthorities,
  updateSshCertificateAuthority,
  type SshCertificateAuthorityRecord,
} from "../state/ssh-certificate-authority";
import { crudRoutes, resourceUri } from "./crud";

/** §2.14 fields; the private key, curve and size are not returned. */
function render(record: SshCertificateAuthorityRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, sshCertificateAuthorities, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    public_key: record.public_key,
    key_type: record.key_type,
  };
}

export const sshCertificateAuthorityOperations = crudRoutes({
  kind: sshCertificateAuthorities,
  listKey: "ssh_certificate_authorities",
  render,
  create: (req) => render(createSshCertificateAuthority(req.store, req.body), req.baseUrl),
  update: (req, id) => updateSshCertificateAuthority(req.store, id, req.body),
});
