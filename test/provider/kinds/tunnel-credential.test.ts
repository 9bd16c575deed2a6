/** TunnelCredential through the provider runtime and the lifecycle against the emulator. */
import { APIConnectionError, EdgeIngress, type ServiceInfo } from "../../../sdk";
import type { KindApi, KindDeclaration } from "../../../provider/framework/kind";
import { create } from "../../../provider/framework/lifecycle";
import { tunnelCredentialKind } from "../../../provider/kinds/tunnel-credential";
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
const K = "TunnelCredential";

describe("TunnelCredential provider", () => {
  // That create returns the token and read and update keep it is in kinds.test.ts, for every kind.
  it("the token is a secret output; the owner is the caller", async () => {
    expect(tunnelCredentialKind.secretOutputs).toEqual(["token"]);
    const created = await fx.runtime.create(K, { ...P, description: "agent", acl: ["bind:*.example.com"] });
    expect(created.outs.ownerId).toMatch(/^usr_/);
  });

  it("compares acl as a set, changes it in place, and replaces on a new owner", async () => {
    const { runtime, emulator } = fx;
    const inputs = { ...P, acl: ["bind:a.example.com", "bind:team=*"] };
    const created = await runtime.create(K, inputs);
    expect(
      (await runtime.diff(K, created.id, created.outs, { ...inputs, acl: ["bind:team=*", "bind:a.example.com", "bind:a.example.com"] }))
        .changes,
    ).toBe(false);
    const news = { ...inputs, acl: ["*"] };
    expect(await runtime.diff(K, created.id, created.outs, news)).toMatchObject({ changes: true, replaces: [] });
    const updated = await runtime.update(K, created.id, created.outs, news);
    expect(updated.outs!.acl).toEqual(["*"]);
    expect(updated.outs!.token).toBe(created.outs.token);
    // An omitted owner is the service's choice: no change; naming another one replaces.
    expect((await runtime.diff(K, created.id, updated.outs!, news)).changes).toBe(false);
    expect(await runtime.diff(K, created.id, updated.outs!, { ...news, ownerId: emulator.botId })).toMatchObject({
      changes: true,
      replaces: ["ownerId"],
    });
  });

  it("an owner the caller may not name fails at create, naming the field", async () => {
    const { runtime } = fx;
    await expect(runtime.create(K, { ...P, ownerId: "usr_nobodyhere1" })).rejects.toThrow(/ownerId/);
  });

  it("adopting an existing credential takes it without its token (the service shows it only once)", async () => {
    const { runtime, client } = fx;
    const existing = await client.tunnelCredentials.create({ description: "by hand", acl: ["bind:x.example.com"] });
    const adopted = await runtime.create(K, { ...P, adopt: existing.id, description: "by hand", acl: ["bind:x.example.com"] });
    expect(adopted.id).toBe(existing.id);
    expect(adopted.outs.token ?? null).toBeNull();
  });
});

describe("a create whose answer is lost", () => {
  const lostAnswer = () =>
    new APIConnectionError(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }), {
      method: "POST",
      path: "/credentials",
    } as never);

  /**
   * The real emulator behind a declaration whose first create is applied but its answer lost. Without
   * `forwardKeys` the idempotency key is not passed on: a service that does not honour keys.
   */
  function losingFirstAnswer(real: EdgeIngress, forwardKeys = true) {
    let creates = 0;
    const keys: Array<string | undefined> = [];
    const made: string[] = [];
    const api: KindApi<any> & { list(): AsyncIterable<any> } = {
      create: async (params, options) => {
        keys.push(options?.idempotencyKey);
        const obj = await real.tunnelCredentials.create(params, forwardKeys ? options : undefined);
        made.push(obj.id);
        if (++creates === 1) throw lostAnswer();
        return obj;
      },
      get: (id) => real.tunnelCredentials.get(id),
      update: (id, params) => real.tunnelCredentials.update(id, params),
      delete: (id) => real.tunnelCredentials.delete(id),
      list: () => real.tunnelCredentials.list(),
    };
    const decl: KindDeclaration = { ...tunnelCredentialKind, api: () => api };
    return { decl, keys, made };
  }
  const listed = async (description: string) =>
    (await fx.client.tunnelCredentials.list().toArray()).filter((c) => c.description === description);

  it("with idempotency keys honoured, the replayed answer carries the token: nothing made again", async () => {
    const { decl, keys } = losingFirstAnswer(fx.client);
    const res = await create(decl, fx.client, { description: "replayed", acl: ["bind:r.example.com"] });
    expect(fx.client.service.idempotencyKeys).toBe(true);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(res.outs.token).toEqual(expect.any(String));
    expect((await listed("replayed")).map((c) => c.id)).toEqual([res.id]);
  });

  it("without keys, the credential made is deleted and made again, so its token is known", async () => {
    const { decl, made } = losingFirstAnswer(fx.client, false);
    // A service that does not say it honours keys: the lifecycle must look the lost one up.
    const service: Partial<ServiceInfo> = { ...fx.client.service, idempotencyKeys: false };
    const noKeys = Object.create(fx.client, { service: { get: () => service } }) as EdgeIngress;
    const before = (await listed("recreated")).length;
    const res = await create(decl, noKeys, { description: "recreated" });
    const now = await listed("recreated");
    expect(before).toBe(0);
    expect(now.map((c) => c.id)).toEqual([res.id]);
    expect(res.outs.token).toEqual(expect.any(String));
    // The first one, whose token nobody saw, is gone; the one kept is the second, whose answer came.
    expect(made).toEqual([expect.any(String), res.id]);
    expect(made[0]).not.toBe(res.id);
  });
});
