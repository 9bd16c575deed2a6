import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const tunnelCredentialResource: ResourceKind = {
  name: "TunnelCredential",
  inputs: ["description", "metadata", "acl", "ownerId"],
  outputs: ["uri", "createdAt", "token"],
  secretOutputs: ["token"],
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
export class TunnelCredential extends pulumi.CustomResource {
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
    super(...resourceArgs(tunnelCredentialResource, name, args, opts));
  }

  /** Reads an existing credential; its token is not available (the service shows it only once). */
  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): TunnelCredential {
    return new TunnelCredential(name, undefined, { ...opts, id });
  }

  /** True when `obj` is a TunnelCredential, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is TunnelCredential {
    return isResourceOf(tunnelCredentialResource, obj);
  }
}
