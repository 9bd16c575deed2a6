/**
 * Self-signed X.509 certificates, built synchronously: the ASN.1 structures come from @peculiar/asn1-x509,
 * the key pair and the signature from node:crypto. Used for the SAML request-signing certificate.
 */
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { AsnConvert } from "@peculiar/asn1-schema";
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  Certificate,
  Name,
  RelativeDistinguishedName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from "@peculiar/asn1-x509";

const COMMON_NAME = "2.5.4.3";
const SHA256_WITH_RSA = "1.2.840.113549.1.1.11";

const toArrayBuffer = (bytes: Buffer): ArrayBuffer => new Uint8Array(bytes).buffer;

/** A PEM certificate for `commonName`, valid from now for `days`, with a new RSA-2048 key (the key is dropped). */
export function selfSignedCertificatePem(commonName: string, days: number): string {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const name = new Name([
    new RelativeDistinguishedName([new AttributeTypeAndValue({ type: COMMON_NAME, value: new AttributeValue({ utf8String: commonName }) })]),
  ]);
  const algorithm = new AlgorithmIdentifier({ algorithm: SHA256_WITH_RSA, parameters: null });
  const serial = randomBytes(16);
  serial[0] &= 0x7f; // a positive INTEGER
  const now = new Date();
  const tbsCertificate = new TBSCertificate({
    version: Version.v3,
    serialNumber: toArrayBuffer(serial),
    signature: algorithm,
    issuer: name,
    subject: name,
    validity: new Validity({ notBefore: now, notAfter: new Date(now.getTime() + days * 86_400_000) }),
    subjectPublicKeyInfo: AsnConvert.parse(publicKey.export({ type: "spki", format: "der" }), SubjectPublicKeyInfo),
  });
  const signature = sign("sha256", Buffer.from(AsnConvert.serialize(tbsCertificate)), privateKey);
  const der = Buffer.from(AsnConvert.serialize(new Certificate({ tbsCertificate, signatureAlgorithm: algorithm, signatureValue: toArrayBuffer(signature) })));
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
}
