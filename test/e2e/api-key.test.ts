/** ApiKey through the real engine: the token is a secret from creation on; nothing secret in state. */
import { EdgeIngress } from "../../sdk";
import { expectSuccess, useAccessStack } from "../support/engine-stack";

const fx = useAccessStack();

describe("ApiKey on the real engine", () => {
  let id: string;
  let token: string;
  const urn = () => fx.urn("ApiKey", "ci");

  test("up creates it; the token works and is a secret output", async () => {
    await fx.setSpec({ keys: { ci: { description: "ci" } } });
    expectSuccess(await fx.stack.up());
    const out = await fx.outputs();
    id = out.keyIds.ci;
    token = out.keyTokens.ci;
    expect(token).toEqual(expect.any(String));
    const viaKey = new EdgeIngress({ apiKey: token, baseURL: fx.emulator.url, maxRetries: 0 });
    try {
      await expect(viaKey.apiKeys.get(id)).resolves.toMatchObject({ id, token: null });
    } finally {
      await viaKey.close();
    }
    const plain = await fx.stack.run(["stack", "output", "--stack", fx.stack.name, "--non-interactive", "keyTokens"]);
    expect(plain.stdout).toContain("[secret]");
    expect(plain.stdout).not.toContain(token);
  });

  // The plain no-change preview ran with the up (every up checks preview --expect-no-changes).
  test("a refreshed preview shows no changes either", async () => {
    expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
  });

  test("a description change updates in place and keeps the token", async () => {
    await fx.setSpec({ keys: { ci: { description: "ci pipeline" } } });
    expect((await fx.stack.preview()).ops[urn()]).toEqual(["update"]);
    expectSuccess(await fx.stack.up());
    const out = await fx.outputs();
    expect(out.keyIds.ci).toBe(id);
    expect(out.keyTokens.ci).toBe(token);
    expect((await fx.client.apiKeys.get(id)).description).toBe("ci pipeline");
  });

  test("refresh keeps the token the service shows only once", async () => {
    expectSuccess(await fx.stack.refresh());
    expect((await fx.outputs()).keyTokens.ci).toBe(token);
  });

  test("stack export holds neither the token nor the provider's credential in plain text", async () => {
    const state = await fx.stack.exportState();
    expect(state.raw).not.toContain(token);
    expect(state.raw).not.toContain(fx.emulator.rootToken);
    const key = state.resources.find((r) => r.urn === urn())!;
    expect(key.outputs!.token).toMatchObject({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: expect.any(String) });
    expect(key.additionalSecretOutputs).toEqual(["token"]);
  });

  test("out-of-band edit and delete are reported by preview --refresh and fixed by up --refresh", async () => {
    await fx.client.apiKeys.update(id, { description: "by hand" });
    expect((await fx.stack.preview({ refresh: true })).ops[urn()]).toEqual(["refresh", "update"]);
    expectSuccess(await fx.stack.up(["--refresh"]));
    expect((await fx.client.apiKeys.get(id)).description).toBe("ci pipeline");

    await fx.client.apiKeys.delete(id);
    expect((await fx.stack.preview({ refresh: true })).ops[urn()]).toEqual(["refresh", "create"]);
    expectSuccess(await fx.stack.up(["--refresh"]));
    const out = await fx.outputs();
    expect(out.keyIds.ci).not.toBe(id);
    expect(out.keyTokens.ci).toEqual(expect.any(String));
    expect(out.keyTokens.ci).not.toBe(token);
  });

  test("destroy deletes the key, revoking its token", async () => {
    const current = (await fx.outputs()).keyTokens.ci as string;
    expectSuccess(await fx.stack.destroy());
    expect(await fx.client.apiKeys.list().toArray()).toEqual([]);
    const viaKey = new EdgeIngress({ apiKey: current, baseURL: fx.emulator.url, maxRetries: 0 });
    try {
      await expect(viaKey.ipPolicies.list().toArray()).rejects.toMatchObject({ status: 401 });
    } finally {
      await viaKey.close();
    }
  });
});
