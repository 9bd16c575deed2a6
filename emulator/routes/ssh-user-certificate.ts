import {
  createSshUserCertificate,
  sshUserCertificates,
  updateSshUserCertificate,
  type SshUserCertificateRecord,
} from "../state/ssh-user-certificate";
import { crudRoutes, resourceUri } from "./crud";

/** §2.15 field order. */
function render(r: SshUserCertificateRecord, baseUrl: string) {
  return {
    id: r.id,
    uri: resourceUri(baseUrl, sshUserCertificates, r.id),
    created_at: r.created_at,
    description: r.description,
    metadata: r.metadata,
    public_key: r.public_key,
    key_type: r.key_type,
    ssh_certificate_authority_id: r.ssh_certificate_authority_id,
    principals: r.principals,
    critical_options: r.critical_options,
    extensions: r.extensions,
    valid_after: r.valid_after,
    valid_until: r.valid_until,
    certificate: r.certificate,
  };
}

export const sshUserCertificateOperations = crudRoutes({
  kind: sshUserCertificates,
  listKey: "ssh_user_certificates",
  render,
  create: (req) => render(createSshUserCertificate(req.store, req.body), req.baseUrl),
  update: (req, id) => updateSshUserCertificate(req.store, id, req.body),
});
