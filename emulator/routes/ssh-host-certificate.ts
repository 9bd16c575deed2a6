import {
  createSshHostCertificate,
  sshHostCertificates,
  updateSshHostCertificate,
  type SshHostCertificateRecord,
} from "../state/ssh-host-certificate";
import { crudRoutes, resourceUri } from "./crud";

/** §2.16 field order. */
function render(r: SshHostCertificateRecord, baseUrl: string) {
  return {
    id: r.id,
    uri: resourceUri(baseUrl, sshHostCertificates, r.id),
    created_at: r.created_at,
    description: r.description,
    metadata: r.metadata,
    public_key: r.public_key,
    key_type: r.key_type,
    ssh_certificate_authority_id: r.ssh_certificate_authority_id,
    principals: r.principals,
    valid_after: r.valid_after,
    valid_until: r.valid_until,
    certificate: r.certificate,
  };
}

export const sshHostCertificateOperations = crudRoutes({
  kind: sshHostCertificates,
  listKey: "ssh_host_certificates",
  render,
  create: (req) => render(createSshHostCertificate(req.store, req.body), req.baseUrl),
  update: (req, id) => updateSshHostCertificate(req.store, id, req.body),
});
