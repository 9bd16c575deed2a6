/** The root demo stack (Pulumi.yaml: examples/quickstart, TypeScript) through the real engine. */
import { startEmulator, type RunningEmulator } from "../../emulator";
import { EdgeIngress } from "../../sdk";
import { createStack, REPO_ROOT, type TestStack } from "../helpers/pulumi";
import { expectSuccess } from "./support";

let emulator: RunningEmulator;
let client: EdgeIngress;
let stack: TestStack;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  client = new EdgeIngress({ apiKey: emulator.rootToken, baseURL: emulator.url, maxRetries: 0 });
  stack = await createStack({
    programDir: REPO_ROOT,
    config: {
      "edgeingress:apiKey": { value: emulator.rootToken, secret: true },
      "edgeingress:apiUrl": { value: emulator.url },
    },
  });
});

afterAll(async () => {
  await stack?.remove();
  await client?.close();
  await emulator?.close();
});

describe("examples/quickstart", () => {
  test("up creates the policy, the restriction using it and the key", async () => {
    expectSuccess(await stack.up());
    const { outputs } = await stack.outputs();
    const restriction = await client.ipRestrictions.get(outputs.restrictionId as string);
    expect(restriction.ipPolicies.map((r) => r.id)).toEqual([outputs.policyId]);
    expect(outputs.deployKeyToken).toEqual(expect.any(String));
    expectSuccess(await stack.preview({ expectNoChanges: true }));
  });

  test("the serialized provider stays small (reported per kind)", async () => {
    const state = await stack.exportState();
    const sizes: Record<string, number> = {};
    for (const r of state.resources.filter((r) => r.custom && r.type.startsWith("pulumi-nodejs:dynamic/"))) {
      const serialized = r.outputs!.__provider;
      // A secret-free closure is stored as plain text: no credential was captured into it.
      expect(typeof serialized).toBe("string");
      sizes[r.type.split(":").pop()!] = Buffer.byteLength(serialized as string);
    }
    console.log(`__provider bytes per kind: ${JSON.stringify(sizes)}`);
    expect(Object.keys(sizes).sort()).toEqual(["ApiKey", "IpPolicy", "IpRestriction"]);
    for (const bytes of Object.values(sizes)) expect(bytes).toBeLessThan(3072);
  });

  test("destroy leaves the emulator empty", async () => {
    expectSuccess(await stack.destroy());
    expect(await client.ipPolicies.list().toArray()).toEqual([]);
    expect(await client.ipRestrictions.list().toArray()).toEqual([]);
    expect(await client.apiKeys.list().toArray()).toEqual([]);
  });
});
