import {
  TlsCertificateCreateParams,
  TlsCertificateUpdateParams,
  type TlsCertificate as TlsCertificateObject,
  tlsCertificatesIdPrefix,
} from "../../sdk/resources/tls-certificate";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, declareKind } from "../framework/kind";

/** @internal */
export const tlsCertificateKind = declareKind<TlsCertificateObject>({
  name: "TlsCertificate",
  doc: "An uploaded TLS certificate chain and its private key (a secret, never returned by the service). Changing either replaces it.",
  fields: {
    certificatePem: {
      input: { doc: "PEM chain, leaf first: each certificate issued and signed by the next; replace on change.", required: true },
      type: "string",
      doc: "The PEM chain, leaf first; replace on change.",
    },
    privateKeyPem: {
      input: {
        doc: "Secret. The leaf's unencrypted PEM private key (RSA, ECDSA or Ed25519); never returned by the service; replace on change.",
        required: true,
      },
      type: "string",
      doc: "Secret; kept from the inputs (the service never returns it).",
      secret: true,
    },
    subjectCommonName: { type: "string", doc: "From the leaf." },
    subjectAlternativeNames: {
      type: "{ dnsNames: string[]; ips: string[] }",
      doc: "From the leaf: DNS names (wildcards included) and IP addresses.",
    },
    issuedAt: { type: "string | null", doc: "Set when the service issued it (a managed reserved domain); null when uploaded." },
    notBefore: { type: "string", doc: "RFC 3339: start of validity." },
    notAfter: { type: "string", doc: "RFC 3339: end of validity." },
    keyUsages: { type: "string[]", doc: "The leaf's key usages." },
    extendedKeyUsages: { type: "string[]", doc: "The leaf's extended key usages." },
    privateKeyType: { type: '"rsa" | "ecdsa" | "ed25519"', doc: "The private key's type." },
    issuerCommonName: { type: "string", doc: "From the leaf." },
    serialNumber: { type: "string", doc: "The leaf's serial number." },
    subjectOrganization: { type: "string", doc: 'From the leaf; "" when absent.' },
    subjectOrganizationalUnit: { type: "string", doc: 'From the leaf; "" when absent.' },
    subjectLocality: { type: "string", doc: 'From the leaf; "" when absent.' },
    subjectProvince: { type: "string", doc: 'From the leaf; "" when absent.' },
    subjectCountry: { type: "string", doc: 'From the leaf; "" when absent.' },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    uri: { type: "string", doc: "The certificate's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.17, §4.10",
  refresh: { by: "one", why: "the spec does not show that the list's items are the GET's (§4.10 names only its wrapper key, §4.14)" },
  idForm: prefixed(tlsCertificatesIdPrefix),
  createSchema: TlsCertificateCreateParams,
  updateSchema: TlsCertificateUpdateParams,
  fieldTypes: { certificatePem: "pem", privateKeyPem: "pem" },
  credentials: ["privateKeyPem"],
  // Write-only: the service never returns the key, so the declared one is kept and never drifts.
  keepFromState: ["privateKeyPem"],
  api: (client) => client.tlsCertificates,
  export: {
    label: (o) => o.subjectCommonName,
    // The service made it under a reserved domain's certificate policy: it comes and goes with the domain.
    skip: (o) => (o.issuedAt ? "issued by the service for a reserved domain's managed certificate; it belongs to the domain" : undefined),
  },
});
