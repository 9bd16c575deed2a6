import { fakeConfig, useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };

describe("ApiKey provider", () => {
  // That read and update keep the token is in kinds.test.ts, with every value the service shows once.
  it("the token returned at creation works against the service; the owner is the caller", async () => {
    const { runtime, client } = fx;
    const created = await runtime.create("ApiKey", { ...P, description: "ci" });
    expect(created.outs.ownerId).toMatch(/^usr_/);
    const withKey = new (client.constructor as any)({ apiKey: created.outs.token, baseURL: fx.emulator.url, maxRetries: 0 });
    await expect(withKey.ipPolicies.create({})).resolves.toMatchObject({ id: expect.stringMatching(/^ipp_/) });
    await withKey.close();
  });

  it("takes credentials from stack config first, the environment second, and says when both are missing", async () => {
    const { runtime } = fx;
    const saved = { key: process.env.EDGE_INGRESS_API_KEY, url: process.env.EDGE_INGRESS_API_URL };
    try {
      delete process.env.EDGE_INGRESS_API_KEY;
      delete process.env.EDGE_INGRESS_API_URL;
      await runtime.configure({ config: fakeConfig({}) });
      const err = await runtime.create("ApiKey", { ...P }).catch((e: Error) => e);
      expect(err).toBeInstanceOf(Error);
      expect(String((err as Error).message)).toMatch(/EDGE_INGRESS_API_(KEY|URL)/);

      process.env.EDGE_INGRESS_API_KEY = fx.emulator.rootToken;
      process.env.EDGE_INGRESS_API_URL = fx.emulator.url;
      await runtime.configure({ config: fakeConfig({}) });
      await expect(runtime.create("ApiKey", { ...P })).resolves.toMatchObject({ id: expect.stringMatching(/^ak_/) });

      process.env.EDGE_INGRESS_API_KEY = "not-a-token";
      await runtime.configure({
        config: fakeConfig({ "edgeingress:apiKey": fx.emulator.rootToken, "edgeingress:apiUrl": fx.emulator.url }),
      });
      await expect(runtime.create("ApiKey", { ...P })).resolves.toMatchObject({ id: expect.stringMatching(/^ak_/) });
    } finally {
      for (const [k, v] of [
        ["EDGE_INGRESS_API_KEY", saved.key],
        ["EDGE_INGRESS_API_URL", saved.url],
      ] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      await runtime.configure({
        config: fakeConfig({ "edgeingress:apiKey": fx.emulator.rootToken, "edgeingress:apiUrl": fx.emulator.url }),
      });
    }
  });

  it("never puts the credential in an error message", async () => {
    const { runtime } = fx;
    const secret = "tok_" + "s3cr3t".repeat(6);
    await runtime.configure({ config: fakeConfig({ "edgeingress:apiKey": secret, "edgeingress:apiUrl": fx.emulator.url }) });
    try {
      const err = (await runtime.create("ApiKey", { ...P }).catch((e: Error) => e)) as Error;
      expect(err.message).toMatch(/refused the API key \(401 UNAUTHORIZED\).*pulumi config set --secret edgeingress:apiKey/);
      expect(`${err.message} ${err.stack} ${JSON.stringify(err)}`).not.toContain(secret);
    } finally {
      await runtime.configure({
        config: fakeConfig({ "edgeingress:apiKey": fx.emulator.rootToken, "edgeingress:apiUrl": fx.emulator.url }),
      });
    }
  });
});
