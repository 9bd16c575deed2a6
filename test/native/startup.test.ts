/**
 * The plugin as the engine starts it (dist/native/main.js, built): the port is printed before the
 * provider loads (its lifecycle, the kinds' schemas, zod, undici, the protocol's messages); GetPluginInfo
 * and GetSchema are answered without it, a process asked for the schema (the YAML host's) never loads it,
 * and one asked for its configuration loads it; the methods served lazily are the protocol's own.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import type * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import { CheckRequest, GetSchemaRequest } from "@pulumi/pulumi/proto/provider_pb";
import type * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { REPO_ROOT } from "../../harness/engine";
import { SERVED, serviceDefinition, WARM_DELAY_MS } from "../../native/listen";
import { handlers } from "../../native/server";

test("the methods served before the protocol's code loads have the protocol's paths and kinds, and each has a handler", () => {
  const lazy = serviceDefinition();
  for (const name of SERVED) {
    const { path: p, requestStream, responseStream } = provrpc.ResourceProviderService[name];
    expect({ name, path: lazy[name].path, streams: [lazy[name].requestStream, lazy[name].responseStream] }).toEqual({
      name,
      path: p,
      streams: [requestStream, responseStream],
    });
  }
  expect(Object.keys(handlers({} as never)).sort()).toEqual([...SERVED].sort());
});

const MAIN = path.join(REPO_ROOT, "dist", "native", "main.js");
/** Modules of the provider and of the protocol's messages, by a part of their path. */
const PROVIDER = [
  "dist/native/server.js",
  "dist/provider/framework/lifecycle.js",
  "node_modules/zod/",
  "node_modules/undici/",
  "@pulumi/pulumi/proto/provider_pb.js",
];

/** Prints, on stderr, the loaded modules of the provider at the port's line and after the first call's answer. */
const HOOK = `
const loaded = () => Object.keys(require.cache).filter((f) => ${JSON.stringify(PROVIDER)}.some((p) => f.includes(p)));
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => { process.stderr.write("AT-PORT " + JSON.stringify(loaded()) + "\\n"); return write(chunk, ...rest); };
process.on("SIGTERM", () => { process.stderr.write("AT-END " + JSON.stringify(loaded()) + "\\n"); process.exit(0); });
`;

/** The plugin started as the engine starts it, the loaded provider modules on stderr at its port and at its end. */
async function withPlugin(calls: (client: provrpc.ResourceProviderClient) => Promise<void>): Promise<Record<"PORT" | "END", string[]>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-startup-hook-"));
  const hook = path.join(dir, "hook.js");
  fs.writeFileSync(hook, HOOK);
  // Node's compile cache apart, as a user's first start has none; no account in the environment.
  const env = { ...process.env, NODE_COMPILE_CACHE: path.join(dir, "cache"), EDGE_INGRESS_API_KEY: "", EDGE_INGRESS_API_URL: "" };
  const child = spawn(process.execPath, ["--require", hook, MAIN, "127.0.0.1:1"], { stdio: ["ignore", "pipe", "pipe"], env });
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise((resolve) => child.on("exit", resolve));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (c: Buffer) => {
        out += c.toString();
        if (out.includes("\n")) resolve(Number(out.trim()));
      });
      child.on("exit", (code) => reject(new Error(`the plugin exited with ${code}\n${stderr}`)));
    });
    const client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    await calls(client);
    client.close();
    child.kill("SIGTERM");
    await exited;
    const at = (label: string) =>
      JSON.parse(/^AT-(?:\w+) (.*)$/m.exec(stderr.split("\n").find((l) => l.startsWith(`AT-${label} `)) ?? "")?.[1] ?? "null") as string[];
    return { PORT: at("PORT"), END: at("END") };
  } finally {
    child.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const unaryCall = <Req, Res>(method: (req: Req, cb: (err: grpc.ServiceError | null, res: Res) => void) => unknown, req: Req) =>
  new Promise<Res>((resolve, reject) => method(req, (err, res) => (err ? reject(err) : resolve(res))));
const VERSION = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
/** The provider's own modules (the protocol's messages apart: the schema's answer is one of them). */
const OWN = PROVIDER.filter((p) => !p.includes("proto"));

test("a process asked for its version and schema, as the YAML host's is, answers both and never loads the provider", async () => {
  const loaded = await withPlugin(async (client) => {
    // Both asked at once, as Pulumi's schema loader asks one after the other (a few ms apart).
    const [info, schema] = await Promise.all([
      unaryCall<Empty, plugproto.PluginInfo>(client.getPluginInfo.bind(client), new Empty()),
      unaryCall<provproto.GetSchemaRequest, provproto.GetSchemaResponse>(client.getSchema.bind(client), new GetSchemaRequest()),
    ]);
    expect(info.getVersion()).toBe(VERSION);
    expect(JSON.parse(schema.getSchema())).toMatchObject({ name: "edgeingress", version: VERSION });
    // Beyond the delay after which a process not asked for its schema loads the provider.
    await new Promise((resolve) => setTimeout(resolve, WARM_DELAY_MS * 5));
  });
  expect(loaded.PORT).toEqual([]);
  for (const part of OWN) expect({ part, loaded: loaded.END.some((f) => f.includes(part)) }).toEqual({ part, loaded: false });
}, 60_000);

test("the port is printed before the provider loads; a call that needs it loads it and is answered", async () => {
  const loaded = await withPlugin(async (client) => {
    expect((await unaryCall<Empty, plugproto.PluginInfo>(client.getPluginInfo.bind(client), new Empty())).getVersion()).toBe(VERSION);
    // No key anywhere: one failure of the provider, from the loaded provider, without a request.
    const checked = await unaryCall<provproto.CheckRequest, provproto.CheckResponse>(client.checkConfig.bind(client), new CheckRequest());
    expect(checked.getFailuresList().map((f) => f.getReason())).toEqual([expect.stringContaining("no API key is configured")]);
  });
  expect(loaded.PORT).toEqual([]);
  // Every part of the provider the call loaded (zod and undici come with its kinds' schemas and client).
  for (const part of PROVIDER) expect(loaded.END.some((f) => f.includes(part))).toBe(true);
}, 60_000);
