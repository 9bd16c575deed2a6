/**
 * The plugin's gRPC server, bound before the provider is loaded. The engine starts the plugin in every
 * command and waits for its port; the provider (native/server.ts: the lifecycle, the kinds' schemas,
 * the HTTP client) is most of what the plugin loads, so it loads after the port is printed, and each
 * call waits for it.
 */
import * as grpc from "@grpc/grpc-js";
import { ResourceProviderService } from "@pulumi/pulumi/proto/provider_grpc_pb";
import type { ProviderOptions } from "./server";

type Unary = (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => void;

/** The provider's handlers, loaded once, when `load()` is first called. */
function loader(options: ProviderOptions): () => Promise<grpc.UntypedServiceImplementation> {
  let loaded: Promise<grpc.UntypedServiceImplementation> | undefined;
  return () =>
    (loaded ??= Promise.resolve().then(() => {
      const { handlers, NativeProvider } = require("./server") as typeof import("./server");
      return handlers(new NativeProvider(options));
    }));
}

/**
 * Serves the provider on a free local port: every unary method of the protocol, each handing its call
 * to the provider's handler once that is loaded (UNIMPLEMENTED where it has none); the streaming ones
 * answer UNIMPLEMENTED from grpc-js itself. `load` starts loading the provider at once.
 */
export async function serve(options: ProviderOptions): Promise<{ server: grpc.Server; port: number; load(): Promise<unknown> }> {
  const load = loader(options);
  const implementation: Record<string, Unary> = {};
  for (const [name, method] of Object.entries(ResourceProviderService)) {
    if (method.requestStream || method.responseStream) continue;
    implementation[name] = (call, callback) => {
      load().then(
        (handlers) => {
          const handler = handlers[name] as Unary | undefined;
          if (handler) handler(call, callback);
          else callback({ code: grpc.status.UNIMPLEMENTED, details: `${method.path} is not implemented` });
        },
        (e: unknown) => callback({ code: grpc.status.INTERNAL, details: `pulumi-resource-edgeingress: ${(e as Error).message}` }),
      );
    };
  }
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(ResourceProviderService, implementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return { server, port, load };
}
