/**
 * Through the real engine: a wrong API URL fails at preview naming the URL, and a server in front of
 * the API that answers 404 (a proxy, a wrong path) can neither empty the state on refresh nor fake
 * deletes on destroy; a missing key fails at preview with the line to run. Refresh and destroy use the
 * provider configuration stored in state, so those cases go through a proxy whose answers change.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { expectSuccess, useAccessStack } from "../support/engine-stack";

const fx = useAccessStack();
const ids = async () => (await fx.stack.exportState()).resources.filter((r) => r.custom && r.type.includes("edgeingress")).map((r) => r.id);

/** Forwards to the emulator, or answers as a misconfigured deployment would. */
let mode: "forward" | "html-404" | "wrong-prefix" = "forward";
let proxy: http.Server;
let proxyUrl: string;

/** Forwards one request to the emulator, or answers it as the proxy's mode says. */
async function relay(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (mode === "html-404") {
    res.writeHead(404, { "content-type": "text/html" });
    return void res.end("<html>Not Found</html>");
  }
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  // A path under another prefix: the API answers ROUTE_NOT_FOUND.
  const target = new URL((mode === "wrong-prefix" ? "/v9" : "") + req.url, fx.emulator.url);
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== "host" && k !== "content-length")) as Record<
    string,
    string
  >;
  const answer = await fetch(target, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(Buffer.from(await answer.arrayBuffer()));
}

beforeAll(async () => {
  // A failed forward ends the connection rather than leaving the rejection unhandled.
  proxy = http.createServer((req, res) => void relay(req, res).catch((err: Error) => res.destroy(err)));
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  await fx.stack.setConfig("edgeingress:apiUrl", { value: proxyUrl });
  await fx.setProgram({ policies: { office: { description: "office" } }, keys: { ci: { description: "ci" } } });
  expectSuccess(await fx.stack.up());
});
afterAll(async () => {
  mode = "forward";
  await fx.stack.destroy();
  await new Promise((resolve) => proxy.close(resolve));
});

test("a wrong API URL fails at preview, naming the URL and the setting", async () => {
  const wrong = `${fx.emulator.url}/wrong-prefix`;
  await fx.stack.setConfig("edgeingress:apiUrl", { value: wrong });
  try {
    const preview = await fx.stack.preview();
    expect(preview.code).not.toBe(0);
    expect(preview.stdout + preview.stderr).toContain(`${wrong} does not answer as the Edge Ingress API`);
    // (--json escapes the angle brackets of `<url>`)
    expect(preview.stdout + preview.stderr).toContain("pulumi config set edgeingress:apiUrl");
  } finally {
    await fx.stack.setConfig("edgeingress:apiUrl", { value: proxyUrl });
  }
});

test.each(["html-404", "wrong-prefix"] as const)(
  "a deployment answering %s: refresh keeps state, destroy deletes nothing and fails",
  async (m) => {
    const before = await ids();
    expect(before).toHaveLength(2);
    mode = m;
    try {
      const refresh = await fx.stack.refresh();
      expect(refresh.code).not.toBe(0);
      expect(refresh.stdout + refresh.stderr).toMatch(/does not answer as the Edge Ingress API/);
      expect(await ids()).toEqual(before);
      const destroy = await fx.stack.destroy();
      expect(destroy.code).not.toBe(0);
      expect(await ids()).toEqual(before);
    } finally {
      mode = "forward";
    }
    expect(await fx.client.ipPolicies.list().toArray()).toHaveLength(1);
    expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
  },
);

test("a missing key fails at preview with the command to run", async () => {
  expectSuccess(
    await fx.stack.run([
      "config",
      "rm",
      "edgeingress:apiKey",
      "--stack",
      fx.stack.name,
      "--config-file",
      fx.stack.configFile,
      "--non-interactive",
    ]),
  );
  try {
    const preview = await fx.stack.preview();
    expect(preview.code).not.toBe(0);
    expect(preview.stdout + preview.stderr).toContain("pulumi config set --secret edgeingress:apiKey");
  } finally {
    await fx.stack.setConfig("edgeingress:apiKey", { value: fx.emulator.rootToken, secret: true });
  }
});
