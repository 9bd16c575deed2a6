/** SSH host certificates (§2.16, §4.9): signed by an SSH certificate authority; valid one year by default. */
import { z } from "zod";
import { CERTIFICATE_IMMUTABLE, certificateFields, certificateRecordFields, signCertificate } from "./ssh-certificate-authority";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { commonFields, newBase, parseBody, patchRecord } from "./validation";
import { resourceUri } from "./wire";

export const HOST_LIFETIME_MS = 365 * 24 * 3_600_000;

const record = z.strictObject({ ...certificateRecordFields });
export type SshHostCertificateRecord = z.infer<typeof record>;

export const sshHostCertificates: KindRules<SshHostCertificateRecord> = {
  collectionKey: "ssh_host_certificates",
  prefix: "shcrt",
  label: "SSH host certificate",
  path: "/ssh_host_certificates",
  record,
  listKey: "ssh_host_certificates",
  render,
  create: (call) => render(createSshHostCertificate(call.store, call.body), call.baseUrl),
  update: (call, id) => updateSshHostCertificate(call.store, id, call.body),
  reference: {
    title: "SSH host certificates",
    create: (ex) => ({
      ...ex.common,
      ssh_certificate_authority_id: ex.id("/ssh_certificate_authorities"),
      public_key: ex.sshPublicKey,
      principals: ["bastion.example.com"],
    }),
    update: () => ({ description: "bastion host" }),
  },
};

const createSchema = z.strictObject({ ...certificateFields });
const updateSchema = z.strictObject({ ...commonFields });

export function createSshHostCertificate(store: Store, body: Record<string, unknown>): SshHostCertificateRecord {
  const input = parseBody(createSchema, body);
  const base = newBase(store, sshHostCertificates, input);
  const signed = signCertificate(store, base.id, input, "host", HOST_LIFETIME_MS, { criticalOptions: {}, extensions: {} });
  return store.collection(sshHostCertificates).insert({ ...base, ...signed });
}

export function updateSshHostCertificate(store: Store, id: string, body: Record<string, unknown>): SshHostCertificateRecord {
  return patchRecord(store.collection(sshHostCertificates), id, updateSchema, body, { immutable: CERTIFICATE_IMMUTABLE });
}

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
