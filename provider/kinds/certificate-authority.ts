import {
  CertificateAuthorityCreateParams,
  CertificateAuthorityUpdateParams,
  type CertificateAuthority as CertificateAuthorityObject,
  certificateAuthoritiesIdPrefix,
} from "../../sdk/resources/certificate-authority";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, declareKind } from "../framework/kind";

/** @internal */
export const certificateAuthorityKind = declareKind<CertificateAuthorityObject>({
  name: "CertificateAuthority",
  doc: "An uploaded certificate authority, for mutual TLS modules. Changing `caPem` replaces it.",
  fields: {
    caPem: {
      input: { doc: "Exactly one PEM certificate, nothing else but whitespace; replace on change.", required: true },
      type: "string",
      doc: "The PEM certificate; replace on change.",
    },
    subjectCommonName: { type: "string", doc: "The certificate's subject common name." },
    notBefore: { type: "string", doc: "RFC 3339: start of validity." },
    notAfter: { type: "string", doc: "RFC 3339: end of validity." },
    keyUsages: { type: "string[]", doc: "The certificate's key usages." },
    extendedKeyUsages: { type: "string[]", doc: "The certificate's extended key usages." },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    uri: { type: "string", doc: "The authority's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.17, §4.10",
  refresh: { by: "one", why: "the spec does not show that the list's items are the GET's (§4.10 names only its wrapper key, §4.14)" },
  idForm: prefixed(certificateAuthoritiesIdPrefix),
  createSchema: CertificateAuthorityCreateParams,
  updateSchema: CertificateAuthorityUpdateParams,
  fieldTypes: { caPem: "pem" },
  api: (client) => client.certificateAuthorities,
  export: { label: (o) => o.subjectCommonName },
});
