/**
 * SSH in one place: OpenSSH public keys (parsed with sshpk), certificate authority keys (node:crypto) and
 * OpenSSH user and host certificates (laid out and encoded by sshpk, signed with the CA key: Ed25519 by
 * node:crypto, RSA and ECDSA through sshpk, which uses node:crypto for them).
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import sshpk from "sshpk";

// sshpk's own certificate encoder and SSH string writer; they are not part of its typed surface.
const opensshCert = require("sshpk/lib/formats/openssh-cert") as { toBuffer(cert: sshpk.Certificate, noSig: boolean): Buffer };
const SSHBuffer = require("sshpk/lib/ssh-buffer") as new (opts: object) => {
  writeString(value: string): void;
  writeBuffer(value: Buffer): void;
  toBuffer(): Buffer;
};

// sshpk.Certificate, whose constructor takes a certificate not signed yet; its types require both signatures.
const Certificate = require("sshpk/lib/certificate") as new (
  opts: Omit<sshpk.CertificateOptions, "signatures"> & { signatures: object },
) => sshpk.Certificate;

declare module "sshpk" {
  interface PrivateKey {
    // Without a hash, sshpk uses the key type's own (ECDSA by curve; Ed25519 has none to choose).
    createSign(hashAlgo?: sshpk.AlgorithmHashType): sshpk.Signer;
  }
}

export const SSH_KEY_TYPES = ["rsa", "ecdsa", "ed25519"] as const;
export type SshKeyType = (typeof SSH_KEY_TYPES)[number];
export const ELLIPTIC_CURVES = ["p256", "p384", "p521"] as const;
export type EllipticCurve = (typeof ELLIPTIC_CURVES)[number];
export const RSA_KEY_SIZES = [2048, 4096] as const;
export const MIN_RSA_BITS = 2048;

/** A value that is not an acceptable key; the reason never quotes it. */
export class SshKeyError extends Error {}

/** `<type> <base64>` without a comment. */
const withoutComment = (key: sshpk.Key): string => key.toString("ssh").split(" ").slice(0, 2).join(" ");

/** An OpenSSH public key of a supported type (RSA of at least 2048 bits, ECDSA, Ed25519). */
export function parseSshPublicKey(text: string): { type: SshKeyType; key: sshpk.Key } {
  let key: sshpk.Key;
  try {
    if (/[\r\n]./.test(text.trimEnd())) throw new Error("more than one line");
    key = sshpk.parseKey(text, "ssh");
  } catch {
    throw new SshKeyError("must be an OpenSSH public key (`<type> <base64> [comment]`)");
  }
  const type = (SSH_KEY_TYPES as readonly string[]).includes(key.type) ? (key.type as SshKeyType) : undefined;
  if (!type) throw new SshKeyError(`must be an RSA, ECDSA or Ed25519 key, got ${key.type}`);
  if (type === "rsa" && key.size < MIN_RSA_BITS)
    throw new SshKeyError(`must be an RSA key of at least ${MIN_RSA_BITS} bits, got ${key.size}`);
  return { type, key };
}

const NODE_CURVES: Record<EllipticCurve, string> = { p256: "P-256", p384: "P-384", p521: "P-521" };

/**
 * The public half as sshpk reads it from node's SPKI export. Not through sshpk's private key: for Ed25519
 * that derives the public key with tweetnacl in plain JS (tens of ms per key).
 */
const publicOf = (key: KeyObject): sshpk.Key => sshpk.parseKey(createPublicKey(key).export({ type: "spki", format: "pem" }), "pem");

/** A new CA key: the private key as PKCS#8 PEM (kept by the service) and the OpenSSH public key. */
export function generateSshCaKey(
  type: SshKeyType,
  options: { curve: EllipticCurve; bits: number },
): { privateKeyPem: string; publicKey: string } {
  const pair =
    type === "rsa"
      ? generateKeyPairSync("rsa", { modulusLength: options.bits })
      : type === "ecdsa"
        ? generateKeyPairSync("ec", { namedCurve: NODE_CURVES[options.curve] })
        : generateKeyPairSync("ed25519");
  const privateKeyPem = pair.privateKey.export({ type: "pkcs8", format: "pem" }) as string;
  return { privateKeyPem, publicKey: withoutComment(publicOf(pair.privateKey)) };
}

export interface SshCertificateFields {
  kind: "user" | "host";
  /** PKCS#8 PEM of the CA key. */
  caPrivateKeyPem: string;
  /** The subject's OpenSSH public key (already checked with parseSshPublicKey). */
  publicKey: string;
  /** Empty: valid for any user or host. */
  principals: readonly string[];
  criticalOptions: Readonly<Record<string, string>>;
  extensions: Readonly<Record<string, string>>;
  validAfter: Date;
  validBefore: Date;
  keyId: string;
}

/** OpenSSH option data: empty for a flag, else the value as an SSH string. */
function optionData(value: string): Buffer {
  if (value === "") return Buffer.alloc(0);
  const buf = new SSHBuffer({});
  buf.writeString(value);
  return buf.toBuffer();
}

/** Options in the order OpenSSH requires (sorted by name). */
const options = (map: Readonly<Record<string, string>>, critical: boolean) =>
  Object.keys(map)
    .sort()
    .map((name) => ({ critical, name, data: optionData(map[name]) }));

/** A signed OpenSSH certificate, `<type>-cert-v01@openssh.com <base64>`. RSA CAs sign with rsa-sha2-512. */
export function signSshCertificate(fields: SshCertificateFields): string {
  const caKey = createPrivateKey(fields.caPrivateKeyPem);
  const issuerKey = publicOf(caKey);
  const identity = (name: string) => (fields.kind === "user" ? sshpk.identityForUser(name) : sshpk.identityForHost(name));
  // sshpk writes one principal per subject and takes the certificate type from the first; for an empty
  // list the type rides on an identity that is never written.
  const subjects =
    fields.principals.length > 0 ? fields.principals.map(identity) : Object.assign([identity("*")], { forEach: () => undefined });
  const cert = new Certificate({
    subjects,
    issuer: sshpk.identityForHost("**"),
    subjectKey: sshpk.parseKey(fields.publicKey, "ssh"),
    issuerKey,
    signatures: {},
    serial: randomBytes(8),
    validFrom: fields.validAfter,
    validUntil: fields.validBefore,
  });
  const openssh = { keyId: fields.keyId, exts: [...options(fields.criticalOptions, true), ...options(fields.extensions, false)] } as Record<
    string,
    unknown
  >;
  (cert.signatures as Record<string, unknown>).openssh = openssh;
  const signed = opensshCert.toBuffer(cert, true);
  let signature: Buffer;
  if (issuerKey.type === "ed25519") {
    // node:crypto signs Ed25519 natively, with the same (deterministic) signature as sshpk's tweetnacl.
    signature = sshpk.parseSignature(sign(null, signed, caKey), "ed25519", "raw").toBuffer("ssh");
  } else {
    // sshpk signs RSA and ECDSA with node:crypto already.
    const signer = sshpk.parsePrivateKey(fields.caPrivateKeyPem, "pkcs8").createSign(issuerKey.type === "rsa" ? "sha512" : undefined);
    signer.update(signed);
    const sig = signer.sign();
    signature = issuerKey.type === "ecdsa" ? ecdsaSignature(sig, issuerKey.curve!) : sig.toBuffer("ssh");
  }
  const blob = new SSHBuffer({});
  blob.writeBuffer(signature);
  const certType = signed.subarray(4, 4 + signed.readUInt32BE(0)).toString("ascii");
  return `${certType} ${Buffer.concat([signed, blob.toBuffer()]).toString("base64")}`;
}

/**
 * An ECDSA signature as RFC 5656 §3.1.2 has it, named by the CA key's curve. Not sshpk's encoder: it
 * guesses the curve from r's length, and an r with a leading zero byte (1 in 256 on P-256 and P-384, 1
 * in 2 on P-521) named no curve ("ecdsa-sha2-undefined"), which neither sshpk nor OpenSSH reads.
 */
function ecdsaSignature(signature: sshpk.Signature, curve: string): Buffer {
  const rs = new SSHBuffer({});
  // sshpk keeps r and s as mpints already (a zero byte only before a set high bit).
  rs.writeBuffer(signature.part.r.data);
  rs.writeBuffer(signature.part.s.data);
  const out = new SSHBuffer({});
  out.writeString(`ecdsa-sha2-${curve}`);
  out.writeBuffer(rs.toBuffer());
  return out.toBuffer();
}
