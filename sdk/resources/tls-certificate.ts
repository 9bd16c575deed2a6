/**
 * TLS certificates (spec §2.17, §4.10): an uploaded chain (leaf first) and its private key, or one the
 * service issued for a managed reserved domain. The private key is write-only: no response carries it
 * (the model has no such field), and no error names its value.
 */
import { z } from "zod";
import { KEY_MISMATCH_RULE, leafKeyMismatch, pemCertificateChain, pemPrivateKey } from "../core/crypto";
import { description, immutable, metadata, nullable, orEmpty, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import type * as types from "../types";

export const tlsCertificatesIdPrefix = "cert_";

/** @internal */
export const TlsCertificate = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  certificatePem: z.string().describe("The certificate chain in PEM, leaf first: as uploaded, or as the service issued it."),
  subjectCommonName: text.describe('The leaf\'s subject common name (CN); "" when it has none.'),
  subjectAlternativeNames: orEmpty(
    z.object({
      dnsNames: orEmpty(z.array(z.string()), []).describe("The DNS names, wildcards included; empty when none."),
      ips: orEmpty(z.array(z.string()), []).describe("The IP addresses; empty when none."),
    }),
    { dnsNames: [], ips: [] },
  ).describe("The leaf's subject alternative names: the DNS names and IP addresses it is valid for."),
  issuedAt: nullable(timestamp).describe("Set when the service issued it (a managed reserved domain); null when uploaded."),
  notBefore: timestamp.describe("Start of the leaf's validity (RFC 3339)."),
  notAfter: timestamp.describe("End of the leaf's validity (RFC 3339)."),
  keyUsages: orEmpty(z.array(z.string()), []).describe(
    "The leaf's key usages, in snake_case (`digital_signature`, `key_encipherment`, ...); empty when it states none.",
  ),
  extendedKeyUsages: orEmpty(z.array(z.string()), []).describe(
    "The leaf's extended key usages by name (`server_auth`, `client_auth`, ...), or as a dotted OID when unnamed; empty when it states none.",
  ),
  // A plain string, so that a type added later cannot break reads.
  privateKeyType: z.string().describe("`rsa`, `ecdsa` or `ed25519`."),
  issuerCommonName: text.describe('The common name (CN) of the leaf\'s issuer; "" when it has none.'),
  serialNumber: z.string().describe("The leaf's serial number, in lowercase hexadecimal."),
  subjectOrganization: text.describe('The leaf\'s subject organization (O); "" when absent.'),
  subjectOrganizationalUnit: text.describe('The leaf\'s subject organizational unit (OU); "" when absent.'),
  subjectLocality: text.describe('The leaf\'s subject locality (L); "" when absent.'),
  subjectProvince: text.describe('The leaf\'s subject state or province (ST); "" when absent.'),
  subjectCountry: text.describe('The leaf\'s subject country (C); "" when absent.'),
});
export type TlsCertificate = types.TlsCertificate;

/** @internal */
export const TlsCertificateCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  certificatePem: pemCertificateChain.describe("PEM chain, leaf first: each certificate issued and signed by the next."),
  privateKeyPem: pemPrivateKey.describe("The leaf's unencrypted PEM private key (RSA, ECDSA or Ed25519). Write-only: never returned."),
}).superRefine((value, ctx) => {
  if (leafKeyMismatch(value.certificatePem, value.privateKeyPem))
    ctx.addIssue({ code: "custom", path: ["privateKeyPem"], message: KEY_MISMATCH_RULE });
});
export type TlsCertificateCreateParams = types.TlsCertificateCreateParams;

/** @internal */
export const TlsCertificateUpdateParams = params({
  certificatePem: immutable.describe("Fixed at creation: a new certificate is a new resource."),
  privateKeyPem: immutable.describe("Fixed at creation: a new certificate is a new resource."),
  description: description.optional(),
  metadata: metadata.optional(),
});
export type TlsCertificateUpdateParams = types.TlsCertificateUpdateParams;

export class TlsCertificates extends CrudResource<TlsCertificate, TlsCertificateCreateParams, TlsCertificateUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/tls_certificates",
      listKey: "tlsCertificates",
      model: TlsCertificate,
      createParams: TlsCertificateCreateParams,
      updateParams: TlsCertificateUpdateParams,
    });
  }
}
