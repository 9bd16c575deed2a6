import * as pulumi from "@pulumi/pulumi";
import { ID_PREFIXES, CertificateAuthorityCreateParams, CertificateAuthorityUpdateParams, type CertificateAuthority as CertificateAuthorityObject } from "../sdk";
import type { KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import { EdgeIngressResource, type AdoptArgs } from "./framework/resource";

/** @internal */
export const certificateAuthorityKind: KindSpec<CertificateAuthorityObject> = {
  name: "CertificateAuthority",
  section: "§2.17, §4.10",
  idForm: prefixed(ID_PREFIXES.certificateAuthorities),
  createSchema: CertificateAuthorityCreateParams,
  updateSchema: CertificateAuthorityUpdateParams,
  defaults: { description: "", metadata: "" },
  fieldTypes: { caPem: "pem" },
  outputs: ["uri", "createdAt", "subjectCommonName", "notBefore", "notAfter", "keyUsages", "extendedKeyUsages"],
  api: (client) => client.certificateAuthorities,
  export: { label: (o) => o.subjectCommonName },
};

export interface CertificateAuthorityArgs extends AdoptArgs {
  /** Exactly one PEM certificate, nothing else but whitespace; replace on change. */
  caPem: pulumi.Input<string>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
}

/** An uploaded certificate authority, for mutual TLS modules. Changing `caPem` replaces it. */
export class CertificateAuthority extends EdgeIngressResource {
  declare readonly caPem: pulumi.Output<string>;
  declare readonly subjectCommonName: pulumi.Output<string>;
  declare readonly notBefore: pulumi.Output<string>;
  declare readonly notAfter: pulumi.Output<string>;
  declare readonly keyUsages: pulumi.Output<string[]>;
  declare readonly extendedKeyUsages: pulumi.Output<string[]>;
  declare readonly description: pulumi.Output<string>;
  declare readonly metadata: pulumi.Output<string>;
  declare readonly uri: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: CertificateAuthorityArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: CertificateAuthorityArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(certificateAuthorityKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: pulumi.CustomResourceOptions): CertificateAuthority {
    return new CertificateAuthority(name, undefined, { ...opts, id });
  }
}
