/**
 * TLS certificates (§2.17, §4.10): a PEM chain (leaf first) and the leaf's private key. The fields are read
 * from the leaf. The private key is kept (the service serves with it, and the data file holds it) but is
 * never returned nor quoted. Certificates the emulator issues for a reserved domain belong to that domain.
 */
import { z } from "zod";
import { fieldError } from "../errors";
import { certificateFields, checkChain, parseCertificatePems, parsePrivateKeyPem, PemError } from "../x509";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { baseRecordFields, commonFields, newBase, parseBody, patchRecord } from "./validation";
import { resourceUri } from "./wire";

export const PRIVATE_KEY_TYPES = ["rsa", "ecdsa", "ed25519"] as const;

const record = z.strictObject({
  ...baseRecordFields,
  certificate_pem: z.string(),
  private_key_pem: z.string(),
  private_key_type: z.enum(PRIVATE_KEY_TYPES),
  /** Set when the emulator issued it for a reserved domain; null when uploaded. */
  issued_at: z.string().nullable(),
  reserved_domain_id: z.string().nullable(),
  subject_common_name: z.string(),
  subject_alternative_names: z.strictObject({ dns_names: z.array(z.string()), ips: z.array(z.string()) }),
  not_before: z.string(),
  not_after: z.string(),
  key_usages: z.array(z.string()),
  extended_key_usages: z.array(z.string()),
  issuer_common_name: z.string(),
  serial_number: z.string(),
  subject_organization: z.string(),
  subject_organizational_unit: z.string(),
  subject_locality: z.string(),
  subject_province: z.string(),
  subject_country: z.string(),
});
export type TlsCertificateRecord = z.infer<typeof record>;

export const tlsCertificates: KindRules<TlsCertificateRecord> = {
  collectionKey: "tls_certificates",
  prefix: "cert",
  label: "TLS certificate",
  path: "/tls_certificates",
  record,
  owner: (r) => r.reserved_domain_id ?? "",
  listKey: "tls_certificates",
  render,
  create: (call) => render(createTlsCertificate(call.store, call.body), call.baseUrl),
  update: (call, id) => updateTlsCertificate(call.store, id, call.body),
  reference: {
    title: "TLS certificates",
    create: (ex) => ({ ...ex.common, certificate_pem: ex.certificatePem, private_key_pem: ex.privateKeyPem }),
    update: () => ({ description: "app.example.com" }),
  },
};

const createSchema = z.strictObject({ ...commonFields, certificate_pem: z.string(), private_key_pem: z.string() });
// PATCH is an extension (§4.14): description and metadata; the certificate and key are fixed.
const updateSchema = z.strictObject({ ...commonFields });

function atField<T>(field: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof PemError) throw fieldError("INVALID_FIELD", field, err.message);
    throw err;
  }
}

export interface NewTlsCertificate {
  certificate_pem: string;
  private_key_pem: string;
  description?: string;
  metadata?: string;
  issued_at?: string | null;
  reserved_domain_id?: string | null;
}

/** Check a chain and its key (INVALID_FIELD on the field at fault) and store the certificate. */
export function insertTlsCertificate(store: Store, input: NewTlsCertificate): TlsCertificateRecord {
  const certs = atField("certificate_pem", () => {
    const chain = parseCertificatePems(input.certificate_pem);
    checkChain(chain);
    return chain;
  });
  const { key, type } = atField("private_key_pem", () => parsePrivateKeyPem(input.private_key_pem));
  if (!certs[0].checkPrivateKey(key))
    throw fieldError("INVALID_FIELD", "private_key_pem", "must be the private key of the leaf (first) certificate");
  return store.collection(tlsCertificates).insert({
    ...newBase(store, tlsCertificates, input),
    certificate_pem: input.certificate_pem,
    private_key_pem: input.private_key_pem,
    private_key_type: type,
    issued_at: input.issued_at ?? null,
    reserved_domain_id: input.reserved_domain_id ?? null,
    ...certificateFields(certs[0]),
  });
}

export function createTlsCertificate(store: Store, body: Record<string, unknown>): TlsCertificateRecord {
  return insertTlsCertificate(store, parseBody(createSchema, body));
}

export function updateTlsCertificate(store: Store, id: string, body: Record<string, unknown>): TlsCertificateRecord {
  return patchRecord(store.collection(tlsCertificates), id, updateSchema, body, { immutable: ["certificate_pem", "private_key_pem"] });
}

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
