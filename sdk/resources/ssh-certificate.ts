/**
 * What SSH user and host certificates (spec §2.15, §2.16) share: the request fields signed into the
 * certificate, fixed at creation, and the response fields.
 */
import { z } from "zod";
import { sshPublicKey } from "../core/crypto";
import { description, idWithPrefix, immutable, metadata, nonEmptyString, orEmpty, rfc3339, text, timestamp } from "../core/fields";
import { sshCertificateAuthoritiesIdPrefix } from "./ssh-certificate-authority";

export const VALIDITY_ORDER_RULE = "must be after validAfter";

/** Request fields of both kinds; everything but description and metadata is signed in. @internal */
export const sshCertificateParamsShape = {
  sshCertificateAuthorityId: idWithPrefix(sshCertificateAuthoritiesIdPrefix).describe(
    "The id of the SSH certificate authority (`sshca_...`) that signs the certificate.",
  ),
  publicKey: sshPublicKey.describe("The subject's OpenSSH public key: RSA of at least 2048 bits, ECDSA or Ed25519."),
  principals: z
    .array(nonEmptyString, { error: "must be a list of strings" })
    .optional()
    .describe("Empty or absent: any user (user certificates) or any host (host certificates)."),
  validAfter: rfc3339.optional().describe("Default: now."),
  validUntil: rfc3339.optional(),
  description: description.optional(),
  metadata: metadata.optional(),
};

/** The same fields in an update: only description and metadata may change. @internal */
export const sshCertificateUpdateShape = {
  sshCertificateAuthorityId: immutable,
  publicKey: immutable,
  principals: immutable,
  validAfter: immutable,
  validUntil: immutable,
  description: description.optional(),
  metadata: metadata.optional(),
};

/** validUntil after validAfter, when both are given (an omitted validAfter is the service's "now"). @internal */
export function validityOrder(value: { validAfter?: string; validUntil?: string }, ctx: z.RefinementCtx): void {
  if (value.validAfter !== undefined && value.validUntil !== undefined && Date.parse(value.validUntil) <= Date.parse(value.validAfter)) {
    ctx.addIssue({ code: "custom", path: ["validUntil"], message: VALIDITY_ORDER_RULE });
  }
}

/** Response fields of both kinds. @internal */
export const sshCertificateShape = {
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  publicKey: z.string().describe("The subject's public key that the certificate signs, in OpenSSH authorized-keys format."),
  keyType: z.string().describe("The subject key's type: `rsa`, `ecdsa` or `ed25519`."),
  sshCertificateAuthorityId: z.string().describe("The id of the SSH certificate authority that signed the certificate."),
  // Described by each kind: usernames or hosts.
  principals: orEmpty(z.array(z.string()), []),
  validAfter: timestamp.describe("When the certificate becomes valid (RFC 3339)."),
  validUntil: timestamp.describe("When the certificate expires (RFC 3339): its valid-before time."),
  certificate: z.string().describe("The signed certificate, OpenSSH format (`<type>-cert-v01@openssh.com AAAA...`)."),
};
