/**
 * Keys and certificates made at test time (no private key is committed): node:crypto keys and the
 * emulator's own certificate builder.
 */
import { spawnSync } from "node:child_process";
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import sshpk from "sshpk";
import { buildCertificatePem, type CertificateSpec } from "../../emulator/x509";

export type KeyType = "rsa" | "ecdsa" | "ed25519";

export interface KeyPair {
  publicKey: KeyObject;
  privateKey: KeyObject;
  /** PKCS#8 PEM of the private key. */
  pem: string;
}

export function newKey(type: KeyType = "ecdsa"): KeyPair {
  const pair =
    type === "rsa"
      ? generateKeyPairSync("rsa", { modulusLength: 2048 })
      : type === "ecdsa"
        ? generateKeyPairSync("ec", { namedCurve: "P-256" })
        : generateKeyPairSync("ed25519");
  return { ...pair, pem: pair.privateKey.export({ type: "pkcs8", format: "pem" }) as string };
}

const DAY = 86_400_000;

export interface Issued {
  pem: string;
  key: KeyPair;
}

/** A certificate for a new key; self-signed unless `issuer` is given. Valid from a day ago for a year. */
export function issue(spec: Partial<Omit<CertificateSpec, "publicKey" | "signingKey" | "issuerPem">> = {}, issuer?: Issued, keyType?: KeyType): Issued {
  const key = newKey(keyType);
  const now = Date.now();
  const pem = buildCertificatePem({
    subject: { common_name: "test" },
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + 365 * DAY),
    ...spec,
    publicKey: key.publicKey,
    signingKey: issuer ? issuer.key.privateKey : key.privateKey,
    issuerPem: issuer?.pem,
  });
  return { pem, key };
}

/** A self-signed CA certificate. */
export function caPem(commonName = "Test CA"): string {
  return issue({ subject: { common_name: commonName }, ca: true, keyUsages: ["cert_sign", "crl_sign"] }).pem;
}

/** The OpenSSH public key of a new key pair. */
export function sshPublicKey(type: KeyType = "ed25519", bits = 2048): string {
  const pair =
    type === "rsa"
      ? generateKeyPairSync("rsa", { modulusLength: bits })
      : type === "ecdsa"
        ? generateKeyPairSync("ec", { namedCurve: "P-256" })
        : generateKeyPairSync("ed25519");
  const pem = pair.privateKey.export({ type: "pkcs8", format: "pem" }) as string;
  return sshpk.parsePrivateKey(pem, "pkcs8").toPublic().toString("ssh").split(" ").slice(0, 2).join(" ");
}

/**
 * An OpenSSH certificate parsed with sshpk, after checking the CA's signature over the signed bytes as
 * issued (sshpk's isSignedByKey only compares the embedded CA key). The signature is the blob's last SSH
 * string, so the signed part is everything before it.
 */
export function verifiedSshCertificate(text: string, caPublicKey: string): sshpk.Certificate {
  const cert = sshpk.parseCertificate(text, "openssh");
  expect(cert.isSignedByKey(sshpk.parseKey(caPublicKey, "ssh"))).toBe(true);
  expect(sshSignatureValid(text, caPublicKey)).toBe(true);
  return cert;
}

/** True if the CA key's signature over the certificate's signed bytes is valid. */
export function sshSignatureValid(text: string, caPublicKey: string): boolean {
  const signature = (sshpk.parseCertificate(text, "openssh").signatures as { openssh: { signature: sshpk.Signature & { hashAlgorithm?: sshpk.AlgorithmHashType } } }).openssh.signature;
  const blob = Buffer.from(text.split(" ")[1], "base64");
  const signed = blob.subarray(0, blob.length - 4 - signature.toBuffer("ssh").length);
  const verifier = sshpk.parseKey(caPublicKey, "ssh").createVerify(signature.hashAlgorithm as sshpk.AlgorithmHashType);
  verifier.update(signed);
  return verifier.verify(signature);
}

const SSH_KEYGEN = spawnSync("which", ["ssh-keygen"]).status === 0;

/** `ssh-keygen -L` output for a certificate (it checks the CA signature while reading), or null without ssh-keygen. */
export function sshKeygenList(text: string): string | null {
  if (!SSH_KEYGEN) return null;
  const dir = mkdtempSync(path.join(tmpdir(), "ei-ssh-"));
  try {
    const file = path.join(dir, "id-cert.pub");
    writeFileSync(file, `${text}\n`);
    const out = spawnSync("ssh-keygen", ["-L", "-f", file], { encoding: "utf8" });
    expect({ status: out.status, stderr: out.stderr }).toEqual({ status: 0, stderr: "" });
    return out.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
