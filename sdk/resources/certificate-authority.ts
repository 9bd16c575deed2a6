/**
 * Certificate authorities (spec §2.17, §4.10): an uploaded CA certificate, named by mutual TLS modules.
 * The service reads subject, validity and usages from the PEM. Update (description, metadata) is an
 * extension of the emulator's (docs/api-choices.md).
 */
import { z } from "zod";
import { pemCertificate } from "../core/crypto";
import { description, immutable, metadata, orEmpty, params, text, timestamp } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import type * as types from "../types";

/** @internal */
export const CertificateAuthority = z.object({
  id: z.string(),
  uri: z.string(),
  createdAt: timestamp,
  description: text,
  metadata: text,
  caPem: z.string().describe("The CA certificate as uploaded, in PEM."),
  subjectCommonName: text.describe('The certificate\'s subject common name (CN); "" when it has none.'),
  notBefore: timestamp.describe("Start of the certificate's validity (RFC 3339)."),
  notAfter: timestamp.describe("End of the certificate's validity (RFC 3339)."),
  // Plain strings: `digital_signature`, `server_auth`, or a dotted OID the service does not name.
  keyUsages: orEmpty(z.array(z.string()), []).describe(
    "The certificate's key usages, in snake_case (`digital_signature`, `cert_sign`, `crl_sign`, ...); empty when it states none.",
  ),
  extendedKeyUsages: orEmpty(z.array(z.string()), []).describe(
    "The certificate's extended key usages by name (`server_auth`, `client_auth`, ...), or as a dotted OID when unnamed; empty when it states none.",
  ),
});
export type CertificateAuthority = types.CertificateAuthority;

/** @internal */
export const CertificateAuthorityCreateParams = params({
  description: description.optional(),
  metadata: metadata.optional(),
  caPem: pemCertificate.describe("Exactly one PEM certificate, nothing else but whitespace."),
});
export type CertificateAuthorityCreateParams = types.CertificateAuthorityCreateParams;

/** @internal */
export const CertificateAuthorityUpdateParams = params({
  caPem: immutable.describe("Fixed at creation: a new certificate is a new authority."),
  description: description.optional(),
  metadata: metadata.optional(),
});
export type CertificateAuthorityUpdateParams = types.CertificateAuthorityUpdateParams;

export class CertificateAuthorities extends CrudResource<
  CertificateAuthority,
  CertificateAuthorityCreateParams,
  CertificateAuthorityUpdateParams
> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/certificate_authorities",
      listKey: "certificateAuthorities",
      model: CertificateAuthority,
      createParams: CertificateAuthorityCreateParams,
      updateParams: CertificateAuthorityUpdateParams,
    });
  }
}
export const certificateAuthoritiesIdPrefix = "ca_";
