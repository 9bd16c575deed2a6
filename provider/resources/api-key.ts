import * as pulumi from "@pulumi/pulumi";
import { isResourceOf, resourceArgs, type AdoptArgs, type GetOptions, type ResourceKind } from "../framework/resource";

/** @internal What the class declares: every input and output, and which are secret (the lifecycle reads these lists too). */
export const apiKeyResource: ResourceKind = {
  name: "ApiKey",
  inputs: ["description", "metadata", "ownerId"],
  outputs: ["uri", "createdAt", "token"],
  secretOutputs: ["token"],
};

export interface ApiKeyArgs extends AdoptArgs {
  /** What uses the key; at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
  /** Owning user or bot; defaults to the caller. Only admins may name another owner. Changing it replaces the key. */
  ownerId?: pulumi.Input<string>;
}

/** An API key; its `token` is a secret output, present from creation on. */
export class ApiKey extends pulumi.CustomResource {
  /** What uses the key. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The owning user or bot (the caller when not given); replace on change. */
  declare readonly ownerId: pulumi.Output<string>;
  /** Secret. The bearer token, from the create response (the service never shows it again). */
  declare readonly token: pulumi.Output<string>;
  /** The key's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args?: ApiKeyArgs, opts?: pulumi.CustomResourceOptions) {
    super(...resourceArgs(apiKeyResource, name, args, opts));
  }

  /** Reads an existing key; its token is not available (the service shows it only once). */
  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): ApiKey {
    return new ApiKey(name, undefined, { ...opts, id });
  }

  /** True when `obj` is an ApiKey, also one made by another copy of this package (Pulumi's convention). */
  static override isInstance(obj: any): obj is ApiKey {
    return isResourceOf(apiKeyResource, obj);
  }
}
