import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const sshCredentialResource: ResourceKind = {
  name: "SshCredential",
  inputs: ["description", "metadata", "acl", "publicKey", "ownerId"],
  outputs: ["uri", "createdAt"],
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
export class SshCredential extends pulumi.CustomResource {
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
    super(...resourceArgs(sshCredentialResource, name, args, opts));
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): SshCredential {
    return new SshCredential(name, undefined, { ...opts, id });
  }

  /** True when `obj` is an SshCredential, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is SshCredential {
    return isResourceOf(sshCredentialResource, obj);
  }
}
