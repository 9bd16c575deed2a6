/**
 * Through the real engine: an error that is the user's to fix reaches the user once, in its own words:
 * no `Error: X: Error: X`, no stack frames into the package's files (which ship no sources and no maps).
 * Refresh and destroy use the connection stored in state, so those cases go through a proxy that
 * starts refusing the key.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { REPO_ROOT, runCommand, type CliResult } from "../../harness/engine";
import { expectSuccess, useAccessStack } from "../support/engine-stack";

const fx = useAccessStack();

/** Forwards to the emulator, or refuses every key as the API does. */
let refuse = false;
let proxy: http.Server;
let proxyUrl: string;

beforeAll(async () => {
  const relay = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    if (refuse) {
      res.writeHead(401, { "content-type": "application/json" });
      return void res.end(
        JSON.stringify({ error_code: "UNAUTHORIZED", status_code: 401, msg: "the token is unknown or revoked", details: {} }),
      );
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== "host" && k !== "content-length")) as Record<
      string,
      string
    >;
    const answer = await fetch(new URL(req.url ?? "/", fx.emulator.url), {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  };
  proxy = http.createServer((req, res) => void relay(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  await fx.stack.setConfig("edgeingress:apiUrl", { value: proxyUrl });
  await fx.setProgram({ policies: { office: { description: "office" } } });
  expectSuccess(await fx.stack.up());
});
afterAll(async () => {
  refuse = false;
  await fx.stack.destroy();
  await new Promise((resolve) => proxy.close(resolve));
});

const count = (text: string, part: string) => text.split(part).length - 1;
const output = (result: CliResult) => result.stdout + result.stderr;
const refused = () => `the API at ${proxyUrl} refused the API key (401 UNAUTHORIZED)`;

/** No doubled `Error:` prefix and no stack frame, in plain text or inside `--json` strings (`\n` escaped). */
function expectNoNoise(text: string): void {
  expect(text).not.toMatch(/Error: [^\n]*: Error:/);
  expect(text).not.toMatch(/\.ts:\d+/);
  expect(text).not.toMatch(/(?:^|\n|\\n)\s*at \S/);
}

test("a wrong key at preview: the message once, no doubling, no stack frame", async () => {
  refuse = true;
  try {
    const preview = await fx.stack.preview();
    expect(preview.code).not.toBe(0);
    expect(count(output(preview), refused())).toBe(1);
    expectNoNoise(output(preview));
  } finally {
    refuse = false;
  }
});

test("plain output: the message only on the engine's own error lines of the resource", async () => {
  refuse = true;
  try {
    const preview = await fx.stack.run(["preview", "--stack", fx.stack.name, "--config-file", fx.stack.configFile, "--non-interactive"]);
    expect(preview.code).not.toBe(0);
    expectNoNoise(output(preview));
    // The engine shows a resource's error in its progress line and again under Diagnostics, for any provider.
    const lines = output(preview)
      .split("\n")
      .filter((l) => l.includes(refused()));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/error: .*has a problem: edgeingress: the API at/);
  } finally {
    refuse = false;
  }
});

test.each(["refresh", "destroy"] as const)("a key refused at %s: no doubling, no stack frame", async (command) => {
  refuse = true;
  try {
    const result = await fx.stack.run([
      command,
      "--yes",
      "--skip-preview",
      "--stack",
      fx.stack.name,
      "--config-file",
      fx.stack.configFile,
      "--non-interactive",
    ]);
    expect(result.code).not.toBe(0);
    expect(output(result)).toContain(refused());
    expectNoNoise(output(result));
  } finally {
    refuse = false;
  }
  expect(await fx.client.ipPolicies.list().toArray()).toHaveLength(1);
});

test("the package ships no source maps (they would point at .ts files it does not ship)", async () => {
  const pack = await runCommand("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: REPO_ROOT });
  expectSuccess(pack);
  const files = (JSON.parse(pack.stdout)[0].files as Array<{ path: string }>).map((f) => f.path);
  expect(files).toContain("dist/runtime/index.js");
  expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
});
