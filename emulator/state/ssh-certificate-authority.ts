/**
 * SSH certificate authorities (§2.14, §4.9): the emulator generates the key and keeps the private half
 * (persisted, never returned). Also what user and host certificates share: their request fields and the
 * signing. Certificates stay valid when their authority is deleted, so they do not hold it.
 */
import { z } from "zod";
import { fieldError, preview } from "../errors";
import {
  ELLIPTIC_CURVES,
  generateSshCaKey,
  parseSshPublicKey,
  RSA_KEY_SIZES,
  signSshCertificate,
  SSH_KEY_TYPES,
  SshKeyError,
  type SshCertificateFields,
} from "../ssh";
import { rfc3339 } from "./ids";
import type { Store } from "./store";
import { type KindRules } from "./rules";
import { addRule, baseRecordFields, commonFields, newBase, parseBody, patchRecord } from "./validation";
import { resourceUri } from "./wire";

const record = z.strictObject({
  ...baseRecordFields,
  key_type: z.enum(SSH_KEY_TYPES),
  public_key: z.string(),
  private_key_pem: z.string(),
});
export type SshCertificateAuthorityRecord = z.infer<typeof record>;

export const sshCertificateAuthorities: KindRules<SshCertificateAuthorityRecord> = {
  collectionKey: "ssh_certificate_authorities",
  prefix: "sshca",
  label: "SSH certificate authority",
  path: "/ssh_certificate_authorities",
  record,
  listKey: "ssh_certificate_authorities",
  render,
  create: (call) => render(createSshCertificateAuthority(call.store, call.body), call.baseUrl),
  update: (call, id) => updateSshCertificateAuthority(call.store, id, call.body),
  reference: {
    title: "SSH certificate authorities",
    create: (ex) => ({ ...ex.common, private_key_type: "ed25519" }),
    update: () => ({ description: "bastion ca" }),
  },
};

export const DEFAULT_CURVE = "p256";
export const DEFAULT_RSA_BITS = 4096;

const createSchema = z
  .strictObject({
    ...commonFields,
    private_key_type: z.enum(SSH_KEY_TYPES),
    elliptic_curve: z.enum(ELLIPTIC_CURVES).optional(),
    key_size: z.literal(RSA_KEY_SIZES).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.elliptic_curve !== undefined && input.private_key_type !== "ecdsa")
      addRule(ctx, ["elliptic_curve"], "applies only to private_key_type ecdsa");
    if (input.key_size !== undefined && input.private_key_type !== "rsa")
      addRule(ctx, ["key_size"], "applies only to private_key_type rsa");
  });
const updateSchema = z.strictObject({ ...commonFields });

export function createSshCertificateAuthority(store: Store, body: Record<string, unknown>): SshCertificateAuthorityRecord {
  const input = parseBody(createSchema, body);
  const key = generateSshCaKey(input.private_key_type, {
    curve: input.elliptic_curve ?? DEFAULT_CURVE,
    bits: input.key_size ?? DEFAULT_RSA_BITS,
  });
  return store.collection(sshCertificateAuthorities).insert({
    ...newBase(store, sshCertificateAuthorities, input),
    key_type: input.private_key_type,
    public_key: key.publicKey,
    private_key_pem: key.privateKeyPem,
  });
}

export function updateSshCertificateAuthority(store: Store, id: string, body: Record<string, unknown>): SshCertificateAuthorityRecord {
  return patchRecord(store.collection(sshCertificateAuthorities), id, updateSchema, body, {
    immutable: ["private_key_type", "elliptic_curve", "key_size"],
  });
}

// --- What user and host certificates share ---

const RFC3339_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
/** An RFC 3339 timestamp, as a Date truncated to whole seconds (SSH certificates count seconds). */
const timestamp = z.string().transform((value, ctx) => {
  const ms = Date.parse(value);
  if (!RFC3339_RE.test(value) || Number.isNaN(ms)) {
    addRule(ctx, [], "must be an RFC 3339 timestamp", preview(value));
    return z.NEVER;
  }
  return new Date(Math.floor(ms / 1000) * 1000);
});

const principal = z.string().superRefine((value, ctx) => {
  if (value === "") addRule(ctx, [], "must not be empty");
});

/** Request fields of both certificate kinds. */
export const certificateFields = {
  ...commonFields,
  ssh_certificate_authority_id: z.string(),
  public_key: z.string(),
  principals: z.array(principal).optional(),
  valid_after: timestamp.optional(),
  valid_until: timestamp.optional(),
};
/** Fields fixed once signed: a PATCH may change only description and metadata. */
export const CERTIFICATE_IMMUTABLE = [
  "ssh_certificate_authority_id",
  "public_key",
  "principals",
  "critical_options",
  "extensions",
  "valid_after",
  "valid_until",
];

/** Stored fields of both certificate kinds. */
export const certificateRecordFields = {
  ...baseRecordFields,
  ssh_certificate_authority_id: z.string(),
  public_key: z.string(),
  key_type: z.enum(SSH_KEY_TYPES),
  principals: z.array(z.string()),
  valid_after: z.string(),
  valid_until: z.string(),
  certificate: z.string(),
};

export interface CertificateInput {
  ssh_certificate_authority_id: string;
  public_key: string;
  principals?: string[];
  valid_after?: Date;
  valid_until?: Date;
}

/**
 * Check the authority, key and validity of a new certificate and sign it; `lifetimeMs` is the default
 * validity counted from valid_after. Returns the stored fields besides the base ones.
 */
export function signCertificate(
  store: Store,
  id: string,
  input: CertificateInput,
  kind: SshCertificateFields["kind"],
  lifetimeMs: number,
  options: Pick<SshCertificateFields, "criticalOptions" | "extensions">,
) {
  const ca = store.collection(sshCertificateAuthorities).get(input.ssh_certificate_authority_id);
  if (!ca) {
    throw fieldError(
      "INVALID_FIELD",
      "ssh_certificate_authority_id",
      "must be the id of an existing SSH certificate authority",
      preview(input.ssh_certificate_authority_id),
    );
  }
  let keyType;
  try {
    keyType = parseSshPublicKey(input.public_key).type;
  } catch (err) {
    if (err instanceof SshKeyError) throw fieldError("INVALID_FIELD", "public_key", err.message);
    throw err;
  }
  const validAfter = input.valid_after ?? new Date(Math.floor(Date.now() / 1000) * 1000);
  const validUntil = input.valid_until ?? new Date(validAfter.getTime() + lifetimeMs);
  if (validUntil <= validAfter) throw fieldError("INVALID_FIELD", "valid_until", "must be after valid_after", rfc3339(validUntil));
  const principals = input.principals ?? [];
  const certificate = signSshCertificate({
    kind,
    caPrivateKeyPem: ca.private_key_pem,
    publicKey: input.public_key,
    principals,
    ...options,
    validAfter,
    validBefore: validUntil,
    keyId: id,
  });
  return {
    ssh_certificate_authority_id: ca.id,
    public_key: input.public_key,
    key_type: keyType,
    principals,
    valid_after: rfc3339(validAfter),
    valid_until: rfc3339(validUntil),
    certificate,
  };
}

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
