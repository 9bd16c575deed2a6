/**
 * The plugin's answers that need no provider: GetPluginInfo and GetSchema. The engine asks for the
 * version of every plugin it starts, and the YAML language host starts one of its own only for the
 * schema: both are answered without loading the lifecycle, the kinds and the HTTP client.
 */
import type * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import type * as provproto from "@pulumi/pulumi/proto/provider_pb";
import type { ProviderOptions } from "./listen";

export function pluginInfo(options: ProviderOptions): plugproto.PluginInfo {
  const { PluginInfo } = require("@pulumi/pulumi/proto/plugin_pb") as typeof plugproto;
  return new PluginInfo().setVersion(options.version);
}

export function schemaResponse(options: ProviderOptions): provproto.GetSchemaResponse {
  const { GetSchemaResponse } = require("@pulumi/pulumi/proto/provider_pb") as typeof provproto;
  return new GetSchemaResponse().setSchema(options.schema());
}
