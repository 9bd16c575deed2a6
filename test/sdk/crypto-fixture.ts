/**
 * Keys and certificates made at test time (no private key is committed): X.509 certificates from
 * @peculiar/asn1-x509 signed with node:crypto, OpenSSH public keys through sshpk.
 */
import { execFileSync } from "node:child_process";
import { KeyObject, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  BasicConstraints,
  Certificate,
  ExtendedKeyUsage,
  Extension,
  Extensions,
  GeneralName,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
  id_ce_basicConstraints,
  id_ce_extKeyUsage,
  id_ce_keyUsage,
  id_ce_subjectAltName,
} from "@peculiar/asn1-x509";
import * as sshpk from "sshpk";

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

const OIDS = { CN: "2.5.4.3", O: "2.5.4.10", OU: "2.5.4.11", L: "2.5.4.7", ST: "2.5.4.8", C: "2.5.4.6" } as const;
export type Subject = Partial<Record<keyof typeof OIDS, string>>;

function name(subject: Subject): Name {
  return new Name(
    (Object.keys(OIDS) as (keyof typeof OIDS)[])
      .filter((k) => subject[k] !== undefined)
      .map(
        (k) =>
          new RelativeDistinguishedName([
            new AttributeTypeAndValue({
              type: OIDS[k],
              // Country names are PrintableString by the standard.
              value: new AttributeValue(k === "C" ? { printableString: subject[k] } : { utf8String: subject[k] }),
            }),
          ]),
      ),
  );
}

function algorithmFor(key: KeyObject): { id: AlgorithmIdentifier; digest: string | null } {
  switch (key.asymmetricKeyType) {
    case "rsa":
      return { id: new AlgorithmIdentifier({ algorithm: "1.2.840.113549.1.1.11", parameters: null }), digest: "sha256" };
    case "ec":
      return { id: new AlgorithmIdentifier({ algorithm: "1.2.840.10045.4.3.2" }), digest: "sha256" };
    case "ed25519":
      return { id: new AlgorithmIdentifier({ algorithm: "1.3.101.112" }), digest: null };
    default:
      throw new Error(`no signature algorithm for ${key.asymmetricKeyType}`);
  }
}

const extension = (extnID: string, value: unknown, critical = false) =>
  new Extension({ extnID, critical, extnValue: new OctetString(AsnConvert.serialize(value)) });

const toArrayBuffer = (bytes: Buffer): ArrayBuffer => new Uint8Array(bytes).buffer;

export interface Issued {
  pem: string;
  /** The certificate's own private key. */
  privateKey: KeyObject;
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
  keyUsage?: number;
  extendedKeyUsages?: string[];
  notBefore?: Date;
  notAfter?: Date;
}

/** One certificate (PEM) and its key pair. */
export function certificate(opts: CertificateOptions = {}): Issued {
  const subject = opts.subject ?? { CN: "test" };
  const { publicKey, privateKey } = keyPair(opts.keyType ?? "ecdsa");
  const signer = opts.issuer?.privateKey ?? privateKey;
  const { id: algorithm, digest } = algorithmFor(signer);
  const serial = randomBytes(16);
  serial[0] = (serial[0] & 0x7f) | 0x10; // positive, and no leading zero byte to strip
  const extensions: Extension[] = [];
  if (opts.ca) extensions.push(extension(id_ce_basicConstraints, new BasicConstraints({ cA: true }), true));
  if (opts.keyUsage !== undefined) extensions.push(extension(id_ce_keyUsage, new KeyUsage(opts.keyUsage), true));
  if (opts.extendedKeyUsages) extensions.push(extension(id_ce_extKeyUsage, new ExtendedKeyUsage(opts.extendedKeyUsages)));
  const altNames = [...(opts.dnsNames ?? []).map((dNSName) => new GeneralName({ dNSName })), ...(opts.ips ?? []).map((iPAddress) => new GeneralName({ iPAddress }))];
  if (altNames.length > 0) extensions.push(extension(id_ce_subjectAltName, new SubjectAlternativeName(altNames)));
  const notBefore = opts.notBefore ?? new Date(Date.now() - 60_000);
  const tbsCertificate = new TBSCertificate({
    version: Version.v3,
    serialNumber: toArrayBuffer(serial),
    signature: algorithm,
    issuer: name(opts.issuer?.subject ?? subject),
    subject: name(subject),
    validity: new Validity({ notBefore, notAfter: opts.notAfter ?? new Date(notBefore.getTime() + 90 * 86_400_000) }),
    subjectPublicKeyInfo: AsnConvert.parse(publicKey.export({ type: "spki", format: "der" }), SubjectPublicKeyInfo),
    extensions: extensions.length > 0 ? new Extensions(extensions) : undefined,
  });
  const signature = sign(digest, Buffer.from(AsnConvert.serialize(tbsCertificate)), signer);
  const der = Buffer.from(AsnConvert.serialize(new Certificate({ tbsCertificate, signatureAlgorithm: algorithm, signatureValue: toArrayBuffer(signature) })));
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  return { pem: `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`, privateKey, subject, serialHex: serial.toString("hex") };
}

/** A root CA, an intermediate it signed and a leaf for `dnsNames` signed by the intermediate. */
export function chain(leaf: CertificateOptions = {}): { root: Issued; intermediate: Issued; leaf: Issued; chainPem: string } {
  const caUsage = KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign;
  const root = certificate({ subject: { CN: "Test Root CA", O: "Test" }, ca: true, keyUsage: caUsage, keyType: "rsa" });
  const intermediate = certificate({ subject: { CN: "Test Intermediate CA", O: "Test" }, ca: true, keyUsage: caUsage, issuer: root });
  const issuedLeaf = certificate({ subject: { CN: "app.example.com" }, dnsNames: ["app.example.com"], ...leaf, issuer: intermediate });
  return { root, intermediate, leaf: issuedLeaf, chainPem: issuedLeaf.pem + intermediate.pem + root.pem };
}

export { KeyUsageFlags };

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

/** `ssh-keygen -L` of a certificate, or null when ssh-keygen is not installed. */
export function sshKeygenList(line: string): string | null {
  try {
    execFileSync("ssh-keygen", ["-?"], { stdio: "ignore" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sshcert-"));
  try {
    const file = path.join(dir, "id-cert.pub");
    fs.writeFileSync(file, `${line}\n`);
    return execFileSync("ssh-keygen", ["-L", "-f", file], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
