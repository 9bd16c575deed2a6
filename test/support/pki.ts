/**
 * The tests' one PKI kit. Keys and certificates are made at test time (no private key is committed):
 * X.509 certificates by the emulator's own builder signed with node:crypto keys, OpenSSH keys and
 * certificates read through sshpk (and ssh-keygen when installed).
 */
import { spawnSync } from "node:child_process";
import { KeyObject, X509Certificate, generateKeyPairSync } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as sshpk from "sshpk";
import { buildCertificatePem, type KeyUsageName } from "../../emulator/x509";

export type TestKeyType = "rsa" | "ecdsa" | "ed25519";

export function keyPair(type: TestKeyType | "rsa1024" | "dsa" | "ed448" | "ecdsa384"): { publicKey: KeyObject; privateKey: KeyObject } {
  switch (type) {
    case "rsa":
      return generateKeyPairSync("rsa", { modulusLength: 2048 });
    case "rsa1024":
      return generateKeyPairSync("rsa", { modulusLength: 1024 });
    case "ecdsa":
      return generateKeyPairSync("ec", { namedCurve: "P-256" });
    case "ecdsa384":
      return generateKeyPairSync("ec", { namedCurve: "P-384" });
    case "dsa":
      return generateKeyPairSync("dsa", { modulusLength: 2048, divisorLength: 256 });
    case "ed25519":
      return generateKeyPairSync("ed25519");
    case "ed448":
      return generateKeyPairSync("ed448");
  }
}

/** An OpenSSH public key line (`ssh-ed25519 AAAA... comment`). */
export function sshPublicKey(type: Parameters<typeof keyPair>[0] = "ed25519", comment = "test@host"): string {
  const key = sshpk.parseKey(keyPair(type).publicKey.export({ type: "spki", format: "pem" }), "pem");
  key.comment = comment;
  return key.toString("ssh");
}

export const privateKeyPem = (key: KeyObject): string => key.export({ type: "pkcs8", format: "pem" }).toString();

/** Short subject attribute names, as the tests write them, to the certificate builder's fields. */
const FIELDS = { CN: "common_name", O: "organization", OU: "organizational_unit", L: "locality", ST: "province", C: "country" } as const;
export type Subject = Partial<Record<keyof typeof FIELDS, string>>;

export interface Issued {
  pem: string;
  /** The certificate's own private key, and as PKCS#8 PEM. */
  privateKey: KeyObject;
  keyPem: string;
  publicKey: KeyObject;
  subject: Subject;
  serialHex: string;
}

export interface CertificateOptions {
  subject?: Subject;
  keyType?: TestKeyType;
  /** The issuer; self-signed when absent. */
  issuer?: Issued;
  ca?: boolean;
  dnsNames?: string[];
  ips?: string[];
  keyUsages?: KeyUsageName[];
  /** Names (`server_auth`) or dotted OIDs. */
  extendedKeyUsages?: string[];
  notBefore?: Date;
  notAfter?: Date;
}

/** One certificate (PEM) and its key pair, built by the emulator's own X.509 builder. */
export function certificate(opts: CertificateOptions = {}): Issued {
  const subject = opts.subject ?? { CN: "test" };
  const { publicKey, privateKey } = keyPair(opts.keyType ?? "ecdsa");
  const notBefore = opts.notBefore ?? new Date(Date.now() - 60_000);
  const pem = buildCertificatePem({
    subject: Object.fromEntries(Object.entries(subject).map(([k, v]) => [FIELDS[k as keyof Subject], v])),
    publicKey,
    signingKey: opts.issuer?.privateKey ?? privateKey,
    issuerPem: opts.issuer?.pem,
    notBefore,
    notAfter: opts.notAfter ?? new Date(notBefore.getTime() + 90 * 86_400_000),
    ca: opts.ca,
    keyUsages: opts.keyUsages,
    extendedKeyUsages: opts.extendedKeyUsages,
    dnsNames: opts.dnsNames,
    ips: opts.ips,
  });
  return {
    pem,
    privateKey,
    keyPem: privateKeyPem(privateKey),
    publicKey,
    subject,
    serialHex: new X509Certificate(pem).serialNumber.toLowerCase(),
  };
}

/** A self-signed CA certificate. */
export function caPem(commonName = "Test CA"): string {
  return certificate({ subject: { CN: commonName }, ca: true, keyUsages: ["cert_sign", "crl_sign"] }).pem;
}

/** A root CA, an intermediate it signed and a leaf for `dnsNames` signed by the intermediate. */
export function chain(leaf: CertificateOptions = {}): { root: Issued; intermediate: Issued; leaf: Issued; chainPem: string } {
  const caUsages: KeyUsageName[] = ["cert_sign", "crl_sign"];
  const root = certificate({ subject: { CN: "Test Root CA", O: "Test" }, ca: true, keyUsages: caUsages, keyType: "rsa" });
  const intermediate = certificate({ subject: { CN: "Test Intermediate CA", O: "Test" }, ca: true, keyUsages: caUsages, issuer: root });
  const issuedLeaf = certificate({ subject: { CN: "app.example.com" }, dnsNames: ["app.example.com"], ...leaf, issuer: intermediate });
  return { root, intermediate, leaf: issuedLeaf, chainPem: issuedLeaf.pem + intermediate.pem + root.pem };
}

/** What an OpenSSH certificate says, read with sshpk. */
export function readSshCertificate(line: string, caPublicKey: string) {
  const cert = sshpk.parseCertificate(line, "openssh");
  const exts = cert.signatures.openssh?.exts ?? [];
  return {
    signedByCa: cert.isSignedByKey(sshpk.parseKey(caPublicKey, "ssh")),
    subjectKey: cert.subjectKey.toString("ssh"),
    // sshpk reads an empty principal list as the single principal "*".
    principals: cert.subjects.map((s) => s.uid ?? s.hostname ?? ""),
    validFrom: cert.validFrom.toISOString(),
    validUntil: cert.validUntil.toISOString(),
    criticalOptions: exts.filter((e) => e.critical).map((e) => e.name),
    extensions: exts.filter((e) => !e.critical).map((e) => e.name),
  };
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
  const cert = sshpk.parseCertificate(text, "openssh");
  const signature = (cert.signatures as { openssh: { signature: sshpk.Signature & { hashAlgorithm?: sshpk.AlgorithmHashType } } }).openssh
    .signature;
  // The signed part ends with the CA's public key; the signature, one SSH string, follows. Not found by
  // re-encoding the signature: sshpk names an ECDSA signature's curve by r's length, wrong when r is short.
  const blob = Buffer.from(text.split(" ")[1], "base64");
  const caKey = cert.issuerKey!.toBuffer("rfc4253");
  const end = blob.lastIndexOf(caKey) + caKey.length;
  expect(blob.readUInt32BE(end)).toBe(blob.length - end - 4);
  const signed = blob.subarray(0, end);
  const verifier = sshpk.parseKey(caPublicKey, "ssh").createVerify(signature.hashAlgorithm as sshpk.AlgorithmHashType);
  verifier.update(signed);
  return verifier.verify(signature);
}

const SSH_KEYGEN = spawnSync("which", ["ssh-keygen"]).status === 0;

/** `ssh-keygen -L` output for a certificate (it checks the CA signature while reading), or null without ssh-keygen. */
export function sshKeygenList(text: string): string | null {
  if (!SSH_KEYGEN) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-ssh-"));
  try {
    const file = path.join(dir, "id-cert.pub");
    fs.writeFileSync(file, `${text}\n`);
    const out = spawnSync("ssh-keygen", ["-L", "-f", file], { encoding: "utf8" });
    expect({ status: out.status, stderr: out.stderr }).toEqual({ status: 0, stderr: "" });
    return out.stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
