/** SSH host certificates (§2.16, §4.9): signed by an SSH certificate authority; valid one year by default. */
import { z } from "zod";
import { CERTIFICATE_IMMUTABLE, certificateFields, certificateRecordFields, signCertificate } from "./ssh-certificate-authority";
import type { KindRules, Store } from "./store";
import { commonFields, newBase, parseBody, patchRecord } from "./validation";

export const HOST_LIFETIME_MS = 365 * 24 * 3_600_000;

const record = z.strictObject({ ...certificateRecordFields });
export type SshHostCertificateRecord = z.infer<typeof record>;

export const sshHostCertificates: KindRules<SshHostCertificateRecord> = {
  collectionKey: "ssh_host_certificates",
  prefix: "shcrt",
  label: "SSH host certificate",
  path: "/ssh_host_certificates",
  record,
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
