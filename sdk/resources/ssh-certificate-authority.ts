/**
 * SSH certificate authorities (spec §2.14, §4.9): the service generates and keeps the private key and
 * returns the public key (OpenSSH format). The key parameters are fixed at creation.
 */
import { z } from "zod";
import { KEY_TYPES } from "../core/crypto";
import { description, immutable, metadata, oneOf, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import type * as types from "../types";

export const sshCertificateAuthoritiesIdPrefix = "sshca_";
export const SSH_ELLIPTIC_CURVES = ["p256", "p384", "p521"] as const;
export const SSH_RSA_KEY_SIZES = [2048, 4096] as const;
/** What the service picks when `ellipticCurve` / `keySize` is omitted (docs/api-choices.md). */
export const DEFAULT_SSH_ELLIPTIC_CURVE = "p256";
export const DEFAULT_SSH_RSA_KEY_SIZE = 4096;

/** @internal */
export const SshCertificateAuthority = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  publicKey: z.string().describe("OpenSSH format (`ssh-ed25519 AAAA...`)."),
  // A plain string, so that a type added later cannot break reads.
  keyType: z.string().describe("`rsa`, `ecdsa` or `ed25519`."),
});
export type SshCertificateAuthority = types.SshCertificateAuthority;

/** @internal */
export const SshCertificateAuthorityCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  privateKeyType: oneOf(KEY_TYPES).describe(
    "The type of the key pair the service generates for the authority: `rsa`, `ecdsa` or `ed25519`. Fixed at creation.",
  ),
  ellipticCurve: oneOf(SSH_ELLIPTIC_CURVES).optional().describe("ECDSA only; default p256."),
  keySize: z
    .union(
      SSH_RSA_KEY_SIZES.map((n) => z.literal(n)),
      { error: `must be one of ${SSH_RSA_KEY_SIZES.join(", ")}` },
    )
    .optional()
    .describe("RSA only; default 4096."),
}).superRefine((value, ctx) => {
  if (value.ellipticCurve !== undefined && value.privateKeyType !== "ecdsa") {
    ctx.addIssue({ code: "custom", path: ["ellipticCurve"], message: "is only for privateKeyType ecdsa" });
  }
  if (value.keySize !== undefined && value.privateKeyType !== "rsa") {
    ctx.addIssue({ code: "custom", path: ["keySize"], message: "is only for privateKeyType rsa" });
  }
});
export type SshCertificateAuthorityCreateParams = types.SshCertificateAuthorityCreateParams;

/** @internal */
export const SshCertificateAuthorityUpdateParams = params({
  privateKeyType: immutable.describe("Fixed at creation: another key is another authority."),
  ellipticCurve: immutable.describe("Fixed at creation: another key is another authority."),
  keySize: immutable.describe("Fixed at creation: another key is another authority."),
  description: description.optional(),
  metadata: metadata.optional(),
});
export type SshCertificateAuthorityUpdateParams = types.SshCertificateAuthorityUpdateParams;

export class SshCertificateAuthorities extends CrudResource<
  SshCertificateAuthority,
  SshCertificateAuthorityCreateParams,
  SshCertificateAuthorityUpdateParams
> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/ssh_certificate_authorities",
      listKey: "sshCertificateAuthorities",
      model: SshCertificateAuthority,
      createParams: SshCertificateAuthorityCreateParams,
      updateParams: SshCertificateAuthorityUpdateParams,
    });
  }
}
