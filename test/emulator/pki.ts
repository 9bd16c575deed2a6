/**
 * Keys and certificates made at test time (no private key is committed): node:crypto keys and the
 * emulator's own certificate builder.
 */
import { generateKeyPairSync, type KeyObject } from "node:crypto";
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
