/**
 * Uploaded certificate authorities (§2.17, §4.10): one PEM certificate, whose fields are read from it.
 * Mutual TLS modules name CAs by id, so a CA they still name cannot be deleted.
 */
import { z } from "zod";
import { fieldError } from "../errors";
import { certificateFields, parseCertificatePems, PemError } from "../x509";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { baseRecordFields, commonFields, newBase, parseBody, patchRecord } from "./validation";
import { resourceUri } from "./wire";

const record = z.strictObject({
  ...baseRecordFields,
  ca_pem: z.string(),
  subject_common_name: z.string(),
  not_before: z.string(),
  not_after: z.string(),
  key_usages: z.array(z.string()),
  extended_key_usages: z.array(z.string()),
});
export type CertificateAuthorityRecord = z.infer<typeof record>;

export const certificateAuthorities: KindRules<CertificateAuthorityRecord> = {
  collectionKey: "certificate_authorities",
  prefix: "ca",
  label: "certificate authority",
  path: "/certificate_authorities",
  record,
  listKey: "certificate_authorities",
  render,
  create: (call) => render(createCertificateAuthority(call.store, call.body), call.baseUrl),
  update: (call, id) => updateCertificateAuthority(call.store, id, call.body),
  reference: {
    title: "Certificate authorities",
    create: (ex) => ({ ...ex.common, ca_pem: ex.caPem }),
    update: () => ({ description: "client certificate issuer" }),
  },
};

const createSchema = z.strictObject({ ...commonFields, ca_pem: z.string() });
// PATCH is an extension (§4.14): description and metadata; the PEM is fixed.
const updateSchema = z.strictObject({ ...commonFields });

/** The CA fields of one PEM certificate; more than one, or anything else, is INVALID_FIELD on ca_pem. */
function readCaPem(pem: string) {
  try {
    const certs = parseCertificatePems(pem);
    if (certs.length > 1) throw new PemError(`must hold exactly one certificate, got ${certs.length}`);
    const { subject_common_name, not_before, not_after, key_usages, extended_key_usages } = certificateFields(certs[0]);
    return { subject_common_name, not_before, not_after, key_usages, extended_key_usages };
  } catch (err) {
    if (err instanceof PemError) throw fieldError("INVALID_FIELD", "ca_pem", err.message);
    throw err;
  }
}

export function createCertificateAuthority(store: Store, body: Record<string, unknown>): CertificateAuthorityRecord {
  const input = parseBody(createSchema, body);
  const fields = readCaPem(input.ca_pem);
  return store.collection(certificateAuthorities).insert({
    ...newBase(store, certificateAuthorities, input),
    ca_pem: input.ca_pem,
    ...fields,
  });
}

export function updateCertificateAuthority(store: Store, id: string, body: Record<string, unknown>): CertificateAuthorityRecord {
  return patchRecord(store.collection(certificateAuthorities), id, updateSchema, body, { immutable: ["ca_pem"] });
}

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
