/**
 * The plugin's gRPC server, bound before the provider is loaded. The engine starts the plugin in every
 * command and waits for its port; the provider (native/server.ts: the lifecycle, the kinds' schemas,
 * the HTTP client) and the protocol's messages (@pulumi/pulumi/proto) are most of what the plugin
 * loads, so they load after the port is printed, and each call waits for them.
 */
import * as grpc from "@grpc/grpc-js";
import { pluginInfo, schemaResponse } from "./info";
import { mark, timing } from "./timings";

export interface ProviderOptions {
  /** The package version (GetPluginInfo). */
  readonly version: string;
  /** The package schema's JSON text (GetSchema). */
  schema(): string;
}

/** The methods of Pulumi's ResourceProvider service that the provider serves; any other answers UNIMPLEMENTED. */
export const SERVED = [
  "getPluginInfo",
  "getSchema",
  "checkConfig",
  "diffConfig",
  "configure",
  "check",
  "diff",
  "create",
  "read",
  "update",
  "delete",
  "cancel",
] as const;
export type Served = (typeof SERVED)[number];

type Method = grpc.MethodDefinition<unknown, unknown>;

/** The protocol's own definition of a method, loaded with the protocol's messages when first asked for. */
function protocol(name: Served): Method {
  const { ResourceProviderService } =
    require("@pulumi/pulumi/proto/provider_grpc_pb") as typeof import("@pulumi/pulumi/proto/provider_grpc_pb");
  return (ResourceProviderService as unknown as Record<Served, Method>)[name];
}

/** The served methods as the protocol defines them, their messages' code loaded on the first call. */
export function serviceDefinition(): Record<Served, Method> {
  const method = (name: Served): Method => ({
    path: `/pulumirpc.ResourceProvider/${name[0].toUpperCase()}${name.slice(1)}`,
    requestStream: false,
    responseStream: false,
    requestSerialize: (value) => protocol(name).requestSerialize(value),
    requestDeserialize: (bytes) => protocol(name).requestDeserialize(bytes),
    responseSerialize: (value) => protocol(name).responseSerialize(value),
    responseDeserialize: (bytes) => protocol(name).responseDeserialize(bytes),
  });
  return Object.fromEntries(SERVED.map((name) => [name, method(name)])) as Record<Served, Method>;
}

type Unary = grpc.handleUnaryCall<unknown, unknown>;

/** The provider's handlers, loaded once, when first asked for. */
function loader(options: ProviderOptions): () => Promise<Record<Served, Unary>> {
  let loaded: Promise<Record<Served, Unary>> | undefined;
  return () =>
    (loaded ??= Promise.resolve().then(() => {
      const started = performance.now();
      const { handlers, NativeProvider } = require("./server") as typeof import("./server");
      const served = handlers(new NativeProvider(options)) as Record<Served, Unary>;
      mark("load", started);
      return served;
    }));
}

/** How long after the first GetPluginInfo the provider starts loading unless the schema was asked for, ms. */
export const WARM_DELAY_MS = 250;

/**
 * Serves the provider on a free local port, each call handed to the provider's handler once that is
 * loaded; GetPluginInfo and GetSchema are answered without it (native/info.ts). `load` starts loading
 * the provider at once. After the first GetPluginInfo the provider loads in the background (the engine's
 * calls follow), unless GetSchema comes first: that process is the YAML host's, which asks for nothing else.
 */
export async function serve(options: ProviderOptions): Promise<{ server: grpc.Server; port: number; load(): Promise<unknown> }> {
  const load = loader(options);
  let schemaAsked = false;
  let warming: NodeJS.Timeout | undefined;
  const local: Partial<Record<Served, () => unknown>> = {
    getPluginInfo: () => {
      // Unref'd: the timer alone does not hold a process (the server does).
      warming ??= setTimeout(() => {
        if (!schemaAsked) load().catch(() => undefined);
      }, WARM_DELAY_MS).unref();
      return pluginInfo(options);
    },
    getSchema: () => {
      schemaAsked = true;
      return schemaResponse(options);
    },
  };
  const implementation = Object.fromEntries(
    SERVED.map((name): [Served, Unary] => [
      name,
      (call, callback) => {
        const started = performance.now();
        const answer: grpc.sendUnaryData<unknown> = timing ? (e, value) => (mark(name, started), callback(e, value)) : callback;
        const own = local[name];
        if (own) {
          try {
            return answer(null, own());
          } catch (e) {
            return answer({ code: grpc.status.INTERNAL, details: `pulumi-resource-edgeingress: ${(e as Error).message}` });
          }
        }
        load().then(
          (handlers) => handlers[name](call, answer),
          (e: unknown) => answer({ code: grpc.status.INTERNAL, details: `pulumi-resource-edgeingress: ${(e as Error).message}` }),
        );
      },
    ]),
  );
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(serviceDefinition(), implementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return { server, port, load };
}
