/**
 * The plugin as the engine starts it (dist/native/main.js, built): the port is printed before the
 * provider loads (its lifecycle, the kinds' schemas, zod, undici, the protocol's messages), which the
 * first call then loads; the methods served lazily are the protocol's own.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import type * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import { REPO_ROOT } from "../../harness/engine";
import { SERVED, serviceDefinition } from "../../native/listen";
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

test("the port is printed before the provider loads; the first call loads it and is answered", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-startup-hook-"));
  const hook = path.join(dir, "hook.js");
  fs.writeFileSync(hook, HOOK);
  // Node's compile cache apart, as a user's first start has none.
  const child = spawn(process.execPath, ["--require", hook, MAIN, "127.0.0.1:1"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NODE_COMPILE_CACHE: path.join(dir, "cache") },
  });
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
    const info = await new Promise<plugproto.PluginInfo>((resolve, reject) =>
      client.getPluginInfo(new Empty(), (err, res) => (err ? reject(err) : resolve(res))),
    );
    client.close();
    expect(info.getVersion()).toBe(
      (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version,
    );
    child.kill("SIGTERM");
    await exited;
    const at = (label: string) =>
      JSON.parse(/^AT-(?:\w+) (.*)$/m.exec(stderr.split("\n").find((l) => l.startsWith(`AT-${label} `)) ?? "")?.[1] ?? "null") as string[];
    expect(at("PORT")).toEqual([]);
    // Every part of the provider the first call loaded (zod and undici come with its kinds' schemas and client).
    for (const part of PROVIDER) expect(at("END").some((f) => f.includes(part))).toBe(true);
  } finally {
    child.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
