/**
 * TunnelCredential through the real engine: the token is a secret from creation on and never in plain
 * text in state; acl and description change in place; a new owner replaces it. Out-of-band drift of
 * every field is in the drift matrix (drift-access.test.ts).
 */
import * as path from "node:path";
import { AuthenticationError, EdgeIngress } from "../../sdk";
import { expectCheckFailure, expectSuccess, useEngineStack } from "../support/engine-stack";

interface Res {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}
const fx = useEngineStack<{ resources: Res[] }>(path.join(__dirname, "..", "fixtures", "edges"), "edges");
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SIG = "1b47061264138c4ac30d75fd1eb44270";

const agent = (args: Record<string, unknown>): Res[] => [{ kind: "TunnelCredential", name: "agent", args }];

describe("TunnelCredential on the real engine", () => {
  const urn = () => fx.urn("TunnelCredential", "agent");
  const id = async () => ((await fx.outputs()).ids as Record<string, string>).agent;
  /** The token as the state holds it (decrypted): the program exports only ids. */
  const stateToken = async (): Promise<string> => {
    const shown = await fx.stack.run(["stack", "export", "--show-secrets", "--stack", fx.stack.name, "--non-interactive"]);
    const resources = JSON.parse(shown.stdout).deployment.resources as Array<{ urn: string; outputs?: Record<string, any> }>;
    const token = resources.find((r) => r.urn === urn())!.outputs!.token;
    return token[SIG_KEY] === SIG ? JSON.parse(token.plaintext) : token;
  };
  let first: { id: string; token: string };

  test("up creates it; the token is a secret output, absent from every later read, and never an API token", async () => {
    await fx.setSpec({ resources: agent({ description: "edge agent", acl: ["bind:*.example.com", "bind:team=edge"] }) });
    expectSuccess(await fx.stack.up());
    first = { id: await id(), token: await stateToken() };
    expect(first.id).toMatch(/^cr_/);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cred = await fx.client.tunnelCredentials.get(first.id);
    expect(cred).toMatchObject({ description: "edge agent", acl: ["bind:*.example.com", "bind:team=edge"], token: null });

    const state = await fx.stack.exportState();
    expect(state.raw).not.toContain(first.token);
    const res = state.resources.find((r) => r.urn === urn())!;
    expect(res.outputs!.token).toMatchObject({ [SIG_KEY]: SIG, ciphertext: expect.any(String) });
    expect(res.additionalSecretOutputs).toEqual(["token"]);

    const asAgent = new EdgeIngress({ apiKey: first.token, baseURL: fx.emulator.url, maxRetries: 0 });
    try {
      await expect(asAgent.tunnelCredentials.list().toArray()).rejects.toBeInstanceOf(AuthenticationError);
    } finally {
      await asAgent.close();
    }
  });

  // The plain no-change preview ran with the up (every up checks preview --expect-no-changes).
  test("no changes after, a refreshed preview included; refresh keeps the token the service shows only once", async () => {
    expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
    expectSuccess(await fx.stack.refresh());
    expect(await stateToken()).toBe(first.token);
  });

  test("the acl in another order is no change; a new acl and description update in place and keep the token", async () => {
    await fx.setSpec({ resources: agent({ description: "edge agent", acl: ["bind:team=edge", "bind:*.example.com"] }) });
    expectSuccess(await fx.stack.preview({ expectNoChanges: true }));
    await fx.setSpec({ resources: agent({ description: "edge agent (prod)", acl: ["bind:app.example.com:443"] }) });
    expect((await fx.stack.preview()).ops[urn()]).toEqual(["update"]);
    expectSuccess(await fx.stack.up());
    expect(await id()).toBe(first.id);
    expect(await stateToken()).toBe(first.token);
    expect(await fx.client.tunnelCredentials.get(first.id)).toMatchObject({ description: "edge agent (prod)", acl: ["bind:app.example.com:443"] });
  });

  test("a bad ACL rule fails at preview, naming the field", async () => {
    await fx.setSpec({ resources: agent({ acl: ["connect:example.com"] }) });
    expectCheckFailure(await fx.stack.preview(), "acl", /./);
  });

  test("a new owner replaces it: a new id and a new token, the old credential deleted", async () => {
    await fx.setSpec({ resources: agent({ description: "edge agent (prod)", acl: ["bind:app.example.com:443"], ownerId: fx.emulator.botId }) });
    expect((await fx.stack.preview()).ops[urn()]).toEqual(["replace"]);
    expectSuccess(await fx.stack.up());
    const now = { id: await id(), token: await stateToken() };
    expect(now.id).not.toBe(first.id);
    expect(now.token).not.toBe(first.token);
    expect((await fx.client.tunnelCredentials.get(now.id)).ownerId).toBe(fx.emulator.botId);
    expect((await fx.client.tunnelCredentials.list().toArray()).map((c) => c.id)).toEqual([now.id]);
    expect((await fx.stack.exportState()).raw).not.toContain(now.token);
  });

  test("destroy deletes it", async () => {
    expectSuccess(await fx.stack.destroy());
    expect(await fx.client.tunnelCredentials.list().toArray()).toEqual([]);
  });
});
