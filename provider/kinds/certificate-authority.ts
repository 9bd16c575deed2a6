import {
  CertificateAuthorityCreateParams,
  CertificateAuthorityUpdateParams,
  type CertificateAuthority as CertificateAuthorityObject,
} from "../../sdk/resources/certificate-authority";
import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import { prefixed } from "../framework/ids";
import type { KindSpec } from "../framework/kind";
import { certificateAuthorityResource } from "../resources/certificate-authority";

/** @internal */
export const certificateAuthorityKind: KindSpec<CertificateAuthorityObject> = {
  name: certificateAuthorityResource.name,
  section: "§2.17, §4.10",
  refresh: { by: "one", why: "the spec does not show that the list's items are the GET's (§4.10 names only its wrapper key, §4.14)" },
  idForm: prefixed(ID_PREFIXES.certificateAuthorities),
  createSchema: CertificateAuthorityCreateParams,
  updateSchema: CertificateAuthorityUpdateParams,
  defaults: { description: "", metadata: "" },
  fieldTypes: { caPem: "pem" },
  outputs: certificateAuthorityResource.outputs,
  api: (client) => client.certificateAuthorities,
  export: { label: (o) => o.subjectCommonName },
};
