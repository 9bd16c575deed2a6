/**
 * X.509 in one place: building certificates (the ASN.1 structures come from @peculiar/asn1-x509, keys and
 * signatures from node:crypto) and reading uploaded ones (node's X509Certificate, plus asn1-x509 for the
 * fields node does not expose: subject attributes, key usage bits, SANs as lists).
 */
import { createPrivateKey, generateKeyPairSync, randomBytes, sign, X509Certificate, type KeyObject } from "node:crypto";
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
  id_ce_basicConstraints,
  id_ce_extKeyUsage,
  id_ce_keyUsage,
  id_ce_subjectAltName,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from "@peculiar/asn1-x509";
import { rfc3339 } from "./state/ids";

const toArrayBuffer = (bytes: Buffer): ArrayBuffer => new Uint8Array(bytes).buffer;

/** Subject attributes by response field suffix; `country` is a PrintableString, the rest UTF8String. */
const SUBJECT_OIDS = {
  common_name: "2.5.4.3",
  organization: "2.5.4.10",
  organizational_unit: "2.5.4.11",
  locality: "2.5.4.7",
  province: "2.5.4.8",
  country: "2.5.4.6",
} as const;
export type SubjectField = keyof typeof SUBJECT_OIDS;
export type Subject = Partial<Record<SubjectField, string>>;

/** Key usage bits by their snake_case names (the X.509 bit names; bit 1 under its current name). */
const KEY_USAGES = [
  ["digital_signature", KeyUsageFlags.digitalSignature],
  ["content_commitment", KeyUsageFlags.nonRepudiation],
  ["key_encipherment", KeyUsageFlags.keyEncipherment],
  ["data_encipherment", KeyUsageFlags.dataEncipherment],
  ["key_agreement", KeyUsageFlags.keyAgreement],
  ["cert_sign", KeyUsageFlags.keyCertSign],
  ["crl_sign", KeyUsageFlags.cRLSign],
  ["encipher_only", KeyUsageFlags.encipherOnly],
  ["decipher_only", KeyUsageFlags.decipherOnly],
] as const;
export type KeyUsageName = (typeof KEY_USAGES)[number][0];

/** Extended key usages by name; an OID not listed is reported as the dotted OID. */
const EXTENDED_KEY_USAGES: Readonly<Record<string, string>> = {
  server_auth: "1.3.6.1.5.5.7.3.1",
  client_auth: "1.3.6.1.5.5.7.3.2",
  code_signing: "1.3.6.1.5.5.7.3.3",
  email_protection: "1.3.6.1.5.5.7.3.4",
  time_stamping: "1.3.6.1.5.5.7.3.8",
  ocsp_signing: "1.3.6.1.5.5.7.3.9",
};
const EKU_NAMES = new Map(Object.entries(EXTENDED_KEY_USAGES).map(([name, oid]) => [oid, name]));

/** Signature algorithm and digest for a signing key (RSA, ECDSA or Ed25519). */
function signatureAlgorithm(key: KeyObject): { algorithm: AlgorithmIdentifier; digest: string | null } {
  switch (key.asymmetricKeyType) {
    case "rsa":
      return { algorithm: new AlgorithmIdentifier({ algorithm: "1.2.840.113549.1.1.11", parameters: null }), digest: "sha256" };
    case "ec":
      return { algorithm: new AlgorithmIdentifier({ algorithm: "1.2.840.10045.4.3.2" }), digest: "sha256" };
    case "ed25519":
      return { algorithm: new AlgorithmIdentifier({ algorithm: "1.3.101.112" }), digest: null };
    default:
      throw new Error(`cannot sign with a ${key.asymmetricKeyType} key`);
  }
}

function buildName(subject: Subject): Name {
  return new Name(
    (Object.keys(SUBJECT_OIDS) as SubjectField[])
      .filter((field) => subject[field] !== undefined)
      .map((field) => {
        const text = subject[field]!;
        const value = new AttributeValue(field === "country" ? { printableString: text } : { utf8String: text });
        return new RelativeDistinguishedName([new AttributeTypeAndValue({ type: SUBJECT_OIDS[field], value })]);
      }),
  );
}

function extension(extnID: string, critical: boolean, value: unknown): Extension {
  return new Extension({ extnID, critical, extnValue: new OctetString(AsnConvert.serialize(value)) });
}

export interface CertificateRequest {
  subject: Subject;
  /** The certified key. */
  publicKey: KeyObject;
  /** Signs the certificate; the issuer's key, or the subject's own for a self-signed one. */
  signingKey: KeyObject;
  /** The issuer's PEM certificate; absent: self-signed. */
  issuerPem?: string;
  notBefore: Date;
  notAfter: Date;
  /** Adds basicConstraints cA=true (critical). */
  ca?: boolean;
  keyUsages?: readonly KeyUsageName[];
  /** Names from the table above or dotted OIDs. */
  extendedKeyUsages?: readonly string[];
  dnsNames?: readonly string[];
  ips?: readonly string[];
}

/** A PEM certificate built and signed as `fields` say. */
export function buildCertificatePem(fields: CertificateRequest): string {
  const { algorithm, digest } = signatureAlgorithm(fields.signingKey);
  const subject = buildName(fields.subject);
  const issuer = fields.issuerPem
    ? AsnConvert.parse(new X509Certificate(fields.issuerPem).raw, Certificate).tbsCertificate.subject
    : subject;
  const serial = randomBytes(16);
  serial[0] = (serial[0] & 0x7f) | 0x01; // a positive INTEGER without a leading zero byte
  const extensions: Extension[] = [];
  if (fields.ca) extensions.push(extension(id_ce_basicConstraints, true, new BasicConstraints({ cA: true })));
  if (fields.keyUsages?.length) {
    const flags = fields.keyUsages.reduce((sum, name) => sum | KEY_USAGES.find(([n]) => n === name)![1], 0);
    extensions.push(extension(id_ce_keyUsage, true, new KeyUsage(flags)));
  }
  if (fields.extendedKeyUsages?.length) {
    extensions.push(
      extension(id_ce_extKeyUsage, false, new ExtendedKeyUsage(fields.extendedKeyUsages.map((n) => EXTENDED_KEY_USAGES[n] ?? n))),
    );
  }
  const altNames = [
    ...(fields.dnsNames ?? []).map((dNSName) => new GeneralName({ dNSName })),
    ...(fields.ips ?? []).map((iPAddress) => new GeneralName({ iPAddress })),
  ];
  if (altNames.length) extensions.push(extension(id_ce_subjectAltName, false, new SubjectAlternativeName(altNames)));
  const tbsCertificate = new TBSCertificate({
    version: Version.v3,
    serialNumber: toArrayBuffer(serial),
    signature: algorithm,
    issuer,
    subject,
    validity: new Validity({ notBefore: fields.notBefore, notAfter: fields.notAfter }),
    subjectPublicKeyInfo: AsnConvert.parse(fields.publicKey.export({ type: "spki", format: "der" }), SubjectPublicKeyInfo),
    extensions: extensions.length ? new Extensions(extensions) : undefined,
  });
  const signature = sign(digest, Buffer.from(AsnConvert.serialize(tbsCertificate)), fields.signingKey);
  const der = Buffer.from(
    AsnConvert.serialize(new Certificate({ tbsCertificate, signatureAlgorithm: algorithm, signatureValue: toArrayBuffer(signature) })),
  );
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
}

/** A PEM certificate for `commonName`, valid from now for `days`, with a new RSA-2048 key (the key is dropped). */
export function selfSignedCertificatePem(commonName: string, days: number): string {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const now = new Date();
  return buildCertificatePem({
    subject: { common_name: commonName },
    publicKey,
    signingKey: privateKey,
    notBefore: now,
    notAfter: new Date(now.getTime() + days * 86_400_000),
  });
}

/** A request value that is not what the field needs; `reason` never quotes key material. */
export class PemError extends Error {}

const PEM_BLOCK = /\s*-----BEGIN CERTIFICATE-----\r?\n([A-Za-z0-9+/=\r\n]+?)-----END CERTIFICATE-----/y;

/** Every certificate of a PEM text, in order. Anything else than certificate blocks and whitespace is refused. */
export function parseCertificatePems(text: string): X509Certificate[] {
  const certs: X509Certificate[] = [];
  PEM_BLOCK.lastIndex = 0;
  while (text.slice(PEM_BLOCK.lastIndex).trim() !== "") {
    const match = PEM_BLOCK.exec(text);
    if (!match)
      throw new PemError(
        certs.length === 0
          ? "must be PEM certificate blocks"
          : `has text that is not a PEM certificate after certificate ${certs.length - 1}`,
      );
    const base64 = match[1].replace(/\r?\n/g, "");
    const der = Buffer.from(base64, "base64");
    let cert: X509Certificate | undefined;
    try {
      // Strict base64 (it round-trips) and DER that node accepts as a certificate.
      if (der.toString("base64") === base64) cert = new X509Certificate(der);
    } catch {
      // reported below
    }
    if (!cert) throw new PemError(`certificate ${certs.length} is not a valid X.509 certificate`);
    certs.push(cert);
  }
  if (certs.length === 0) throw new PemError("must hold a PEM certificate");
  return certs;
}

export type PrivateKeyType = "rsa" | "ecdsa" | "ed25519";
const KEY_TYPES: Readonly<Record<string, PrivateKeyType>> = { rsa: "rsa", ec: "ecdsa", ed25519: "ed25519" };

// One PKCS#8, PKCS#1 or SEC1 block (SEC1 may follow its EC PARAMETERS block); no headers, so no encryption.
const PRIVATE_KEY_PEM =
  /^\s*(?:-----BEGIN EC PARAMETERS-----[A-Za-z0-9+/=\s]*-----END EC PARAMETERS-----\s*)?-----BEGIN (RSA |EC |)PRIVATE KEY-----[A-Za-z0-9+/=\s]*-----END \1PRIVATE KEY-----\s*$/;

/** An unencrypted PEM private key of a supported type. */
export function parsePrivateKeyPem(text: string): { key: KeyObject; type: PrivateKeyType } {
  if (!PRIVATE_KEY_PEM.test(text)) {
    throw new PemError("must be one unencrypted PEM private key");
  }
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: text, format: "pem" });
  } catch {
    throw new PemError("must be one unencrypted PEM private key");
  }
  const type = KEY_TYPES[key.asymmetricKeyType ?? ""];
  if (!type) throw new PemError(`must be an RSA, ECDSA or Ed25519 key, got ${key.asymmetricKeyType}`);
  return { key, type };
}

/** A chain (leaf first) in which each certificate is issued and signed by the next one. */
export function checkChain(certs: readonly X509Certificate[]): void {
  for (let i = 0; i + 1 < certs.length; i++) {
    if (!certs[i].checkIssued(certs[i + 1]) || !certs[i].verify(certs[i + 1].publicKey)) {
      throw new PemError(`certificate ${i} is not issued by certificate ${i + 1} (the chain must be leaf first)`);
    }
  }
}

/** What a certificate says, under the response field names of §2.17. */
export interface CertificateFields {
  subject_common_name: string;
  subject_alternative_names: { dns_names: string[]; ips: string[] };
  not_before: string;
  not_after: string;
  key_usages: string[];
  extended_key_usages: string[];
  issuer_common_name: string;
  serial_number: string;
  subject_organization: string;
  subject_organizational_unit: string;
  subject_locality: string;
  subject_province: string;
  subject_country: string;
}

/** The first value of an attribute in a name, "" when absent. */
function attribute(name: Name, oid: string): string {
  for (const rdn of name) for (const atv of rdn) if (atv.type === oid) return atv.value.toString();
  return "";
}

export function certificateFields(x509: X509Certificate): CertificateFields {
  const { tbsCertificate: tbs } = AsnConvert.parse(x509.raw, Certificate);
  const ext = (oid: string) => tbs.extensions?.find((e) => e.extnID === oid)?.extnValue.buffer;
  const usageDer = ext(id_ce_keyUsage);
  const usage = usageDer ? AsnConvert.parse(usageDer, KeyUsage) : undefined;
  const ekuDer = ext(id_ce_extKeyUsage);
  const sanDer = ext(id_ce_subjectAltName);
  const sans = sanDer ? [...AsnConvert.parse(sanDer, SubjectAlternativeName)] : [];
  const s = (field: SubjectField) => attribute(tbs.subject, SUBJECT_OIDS[field]);
  return {
    subject_common_name: s("common_name"),
    subject_alternative_names: {
      dns_names: sans.flatMap((n) => (n.dNSName !== undefined ? [n.dNSName] : [])),
      ips: sans.flatMap((n) => (n.iPAddress !== undefined ? [n.iPAddress] : [])),
    },
    not_before: rfc3339(tbs.validity.notBefore.getTime()),
    not_after: rfc3339(tbs.validity.notAfter.getTime()),
    key_usages: usage ? KEY_USAGES.filter(([, flag]) => (usage.toNumber() & flag) !== 0).map(([name]) => name) : [],
    extended_key_usages: ekuDer ? [...AsnConvert.parse(ekuDer, ExtendedKeyUsage)].map((oid) => EKU_NAMES.get(oid) ?? oid) : [],
    issuer_common_name: attribute(tbs.issuer, SUBJECT_OIDS.common_name),
    serial_number: x509.serialNumber.toLowerCase(),
    subject_organization: s("organization"),
    subject_organizational_unit: s("organizational_unit"),
    subject_locality: s("locality"),
    subject_province: s("province"),
    subject_country: s("country"),
  };
}
