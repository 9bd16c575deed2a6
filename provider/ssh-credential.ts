import * as pulumi from "@pulumi/pulumi";
import { ID_PREFIXES, SshCredentialCreateParams, SshCredentialUpdateParams, type SshCredential as SshCredentialObject } from "../sdk";
import { SERVER_CHOSEN, type KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import { EdgeIngressResource, type GetOptions, type AdoptArgs } from "./framework/resource";

/** @internal */
export const sshCredentialKind: KindSpec<SshCredentialObject> = {
  name: "SshCredential",
  section: "§2.13, §4.9",
  idForm: prefixed(ID_PREFIXES.sshCredentials),
  createSchema: SshCredentialCreateParams,
  updateSchema: SshCredentialUpdateParams,
  defaults: { description: "", metadata: "", acl: [], ownerId: SERVER_CHOSEN },
  // Any rule permits: the ACL is a set.
  fieldTypes: { publicKey: "publicKey", acl: "set" },
  outputs: ["uri", "createdAt"],
  api: (client) => client.sshCredentials,
};

export interface SshCredentialArgs extends AdoptArgs {
  /** OpenSSH public key: RSA of at least 2048 bits, ECDSA or Ed25519; replace on change. */
  publicKey: pulumi.Input<string>;
  /** `bind:` rules; absent or empty: no restriction, `*` permits everything explicitly. Replaces the whole list. */
  acl?: pulumi.Input<pulumi.Input<string>[]>;
  /** A user or bot; defaults to the caller (only admins may name someone else); replace on change. */
  ownerId?: pulumi.Input<string>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
}

/** A public key that authenticates agents to the SSH gateway, limited by `acl`. Changing `publicKey` or `ownerId` replaces it. */
export class SshCredential extends EdgeIngressResource {
  /** The OpenSSH public key; replace on change. */
  declare readonly publicKey: pulumi.Output<string>;
  /** `bind:` rules; empty: no restriction. */
  declare readonly acl: pulumi.Output<string[]>;
  /** The owning user or bot; replace on change. */
  declare readonly ownerId: pulumi.Output<string>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The credential's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: SshCredentialArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: SshCredentialArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(sshCredentialKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): SshCredential {
    return new SshCredential(name, undefined, { ...opts, id });
  }
}
