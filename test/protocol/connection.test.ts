/**
 * Through the provider protocol, on both paths: a wrong API URL fails at preview naming the URL, and a
 * server in front of the API that answers 404 (a proxy, a wrong path) can neither empty the state on
 * refresh nor fake deletes on destroy; a missing key fails at preview with the line to run; each command's
 * provider is a fresh one (the harness keeps no provider module state between commands). The engine
 * contract (test/support/contract.ts) shows a wrong URL and key failing through the engine, once per path.
 */
import type { Path } from "./hosts";
import { startProxy, type Proxy } from "./proxy";
import { useProtocolStack } from "./stack";
import { expectSuccess } from "../support/engine-stack";

describe.each<Path>(["dynamic", "native"])("%s", (path) => {
  const fx = useProtocolStack(path);
  const ids = async () =>
    (await fx.stack.exportState()).resources
      .filter((r) => r.custom && r.type.includes("edgeingress") && !r.type.startsWith("pulumi:providers:"))
      .map((r) => r.id);
  let proxy: Proxy;

  beforeAll(async () => {
    proxy = await startProxy(() => fx.emulator.url);
    await fx.stack.setConfig("edgeingress:apiUrl", { value: proxy.url() });
    await fx.setProgram({
      resources: [
        { kind: "IpPolicy", name: "office", args: { description: "office" } },
        { kind: "ApiKey", name: "ci", args: { description: "ci" } },
      ],
    });
    expectSuccess(await fx.stack.up());
  });
  afterAll(async () => {
    await fx.stack.setConfig("edgeingress:apiUrl", { value: proxy.url() });
    await fx.stack.destroy();
    await proxy.close();
  });

  test("each command's provider starts afresh, as a new process: every preview checks the connection again", async () => {
    // The check is once per provider process (runtime/connection.ts): kept module state would skip it.
    const requests = async () => (await fx.api.get("/_emulator/counters")).body.totals.requests as number;
    expect((await fx.api.del("/_emulator/counters")).status).toBe(204);
    expectSuccess(await fx.stack.preview());
    const first = await requests();
    expect(first).toBeGreaterThan(0);
    expectSuccess(await fx.stack.preview());
    expect(await requests()).toBe(2 * first);
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
      await fx.stack.setConfig("edgeingress:apiUrl", { value: proxy.url() });
    }
  });

  test.each(["html-404", "wrong-prefix"] as const)(
    "a deployment answering %s: refresh keeps state, destroy deletes nothing and fails",
    async (answer) => {
      const before = await ids();
      expect(before).toHaveLength(2);
      // The engine's refresh and destroy take the URL from state; here the stack's URL is the one answering so.
      await fx.stack.setConfig("edgeingress:apiUrl", { value: proxy.url(answer) });
      try {
        const refresh = await fx.stack.refresh();
        expect(refresh.code).not.toBe(0);
        expect(refresh.stdout + refresh.stderr).toMatch(/does not answer as the Edge Ingress API/);
        expect(await ids()).toEqual(before);
        const destroy = await fx.stack.destroy();
        expect(destroy.code).not.toBe(0);
        expect(await ids()).toEqual(before);
      } finally {
        await fx.stack.setConfig("edgeingress:apiUrl", { value: proxy.url() });
      }
      expect(await fx.client.ipPolicies.list().toArray()).toHaveLength(1);
      expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
    },
  );

  test("a missing key fails at preview with the command to run", async () => {
    // `pulumi config rm`: an empty value is no key to either path, as an unset one.
    await fx.stack.setConfig("edgeingress:apiKey", { value: "" });
    try {
      const preview = await fx.stack.preview();
      expect(preview.code).not.toBe(0);
      expect(preview.stdout + preview.stderr).toContain("pulumi config set --secret edgeingress:apiKey");
    } finally {
      await fx.stack.setConfig("edgeingress:apiKey", { value: fx.emulator.rootToken, secret: true });
    }
  });
});
