import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import {
  TlsCertificateCreateParams,
  TlsCertificateUpdateParams,
  type TlsCertificate as TlsCertificateObject,
} from "../../sdk/resources/tls-certificate";
import { prefixed } from "../framework/ids";
import type { KindSpec } from "../framework/kind";
import { tlsCertificateResource } from "../resources/tls-certificate";

/** @internal */
export const tlsCertificateKind: KindSpec<TlsCertificateObject> = {
  name: tlsCertificateResource.name,
  section: "§2.17, §4.10",
  refresh: { by: "one", why: "the spec does not show that the list's items are the GET's (§4.10 names only its wrapper key, §4.14)" },
  idForm: prefixed(ID_PREFIXES.tlsCertificates),
  createSchema: TlsCertificateCreateParams,
  updateSchema: TlsCertificateUpdateParams,
  defaults: { description: "", metadata: "" },
  fieldTypes: { certificatePem: "pem", privateKeyPem: "pem" },
  outputs: tlsCertificateResource.outputs,
  secretInputs: tlsCertificateResource.secretInputs,
  credentials: ["privateKeyPem"],
  // Write-only: the service never returns the key, so the declared one is kept and never drifts.
  keepFromState: ["privateKeyPem"],
  api: (client) => client.tlsCertificates,
  export: {
    label: (o) => o.subjectCommonName,
    // The service made it under a reserved domain's certificate policy: it comes and goes with the domain.
    skip: (o) => (o.issuedAt ? "issued by the service for a reserved domain's managed certificate; it belongs to the domain" : undefined),
  },
};
