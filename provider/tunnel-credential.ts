import * as pulumi from "@pulumi/pulumi";
import { ID_PREFIXES, TunnelCredentialCreateParams, TunnelCredentialUpdateParams, type TunnelCredential as TunnelCredentialObject } from "../sdk";
import { SERVER_CHOSEN, type KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import { EdgeIngressResource, type GetOptions, type AdoptArgs } from "./framework/resource";

/** @internal */
export const tunnelCredentialKind: KindSpec<TunnelCredentialObject> = {
  name: "TunnelCredential",
  section: "extension (`acl` rules of §2.13)",
  idForm: prefixed(ID_PREFIXES.tunnelCredentials),
  createSchema: TunnelCredentialCreateParams,
  updateSchema: TunnelCredentialUpdateParams,
  defaults: { description: "", metadata: "", acl: [], ownerId: SERVER_CHOSEN },
  // Any rule permits: the ACL is a set.
  fieldTypes: { acl: "set" },
  outputs: ["uri", "createdAt", "token"],
  secretOutputs: ["token"],
  // The service returns the token only in the create response.
  keepFromState: ["token"],
  // A credential whose create answer was lost has no token anyone can read: made again.
  recreateLostCreate: true,
  api: (client) => client.tunnelCredentials,
  export: { notes: ["The service shows a credential's authtoken only when it is made: this adopted credential's `token` output is empty."] },
};

export interface TunnelCredentialArgs extends AdoptArgs {
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
  /** `bind` rules as for SSH credentials; empty or absent: no restriction. Compared as a set. */
  acl?: pulumi.Input<pulumi.Input<string>[]>;
  /** Owning user or bot; defaults to the caller. Only admins may name another owner. Changing it replaces the credential. */
  ownerId?: pulumi.Input<string>;
}

/** An authtoken a tunnel agent connects with, limited by `acl`; its `token` is a secret output, present from creation on. */
export class TunnelCredential extends EdgeIngressResource {
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** `bind` rules; empty: no restriction. */
  declare readonly acl: pulumi.Output<string[]>;
  /** The owning user or bot (the caller when not given); replace on change. */
  declare readonly ownerId: pulumi.Output<string>;
  /** Secret. The authtoken, from the create response (the service never shows it again). */
  declare readonly token: pulumi.Output<string>;
  /** The credential's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args?: TunnelCredentialArgs, opts?: pulumi.CustomResourceOptions) {
    super(tunnelCredentialKind, name, args, opts);
  }

  /** Reads an existing credential; its token is not available (the service shows it only once). */
  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): TunnelCredential {
    return new TunnelCredential(name, undefined, { ...opts, id });
  }
}
