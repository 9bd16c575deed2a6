import * as pulumi from "@pulumi/pulumi";
import { ID_PREFIXES, ApiKeyCreateParams, ApiKeyUpdateParams, type ApiKey as ApiKeyObject } from "../sdk";
import { SERVER_CHOSEN, type KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import { EdgeIngressResource, type GetOptions, type AdoptArgs } from "./framework/resource";

/** @internal */
export const apiKeyKind: KindSpec<ApiKeyObject> = {
  name: "ApiKey",
  section: "§2.2, §4.2",
  idForm: prefixed(ID_PREFIXES.apiKeys),
  createSchema: ApiKeyCreateParams,
  updateSchema: ApiKeyUpdateParams,
  defaults: { description: "", metadata: "", ownerId: SERVER_CHOSEN },
  outputs: ["uri", "createdAt", "token"],
  secretOutputs: ["token"],
  // The service returns the token only in the create response.
  keepFromState: ["token"],
  // A key whose create answer was lost has no token anyone can read: made again.
  recreateLostCreate: true,
  api: (client) => client.apiKeys,
  export: {
    notes: [
      "The service shows a key's token only when the key is made: this adopted key's `token` output is empty.",
      "If this is the key the stack authenticates with, removing it from the program deletes it.",
    ],
  },
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
export class ApiKey extends EdgeIngressResource {
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
    super(apiKeyKind, name, args, opts);
  }

  /** Reads an existing key; its token is not available (the service shows it only once). */
  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): ApiKey {
    return new ApiKey(name, undefined, { ...opts, id });
  }
}
