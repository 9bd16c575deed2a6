/**
 * Through the provider protocol, on both paths: an error that is the user's to fix reaches the engine
 * once, in its own words: no `Error: X: Error: X`, no stack frames into the package's files. On the
 * dynamic path the error is what Pulumi's dynamic-provider host puts in the gRPC error's details, so the
 * host's own wrapping is held here too; how the engine then prints it is test/e2e/errors.test.ts's.
 */
import type { CliResult } from "../../harness/engine";
import { ProviderError, startSession, type Path } from "./hosts";
import { goalsOf } from "./program";
import { startProxy, type Proxy } from "./proxy";
import { useProtocolStack } from "./stack";
import { expectSuccess } from "../support/engine-stack";

const count = (text: string, part: string) => text.split(part).length - 1;
const output = (result: CliResult) => result.stdout + result.stderr;

/** No doubled `Error:` prefix and no stack frame, in plain text or inside JSON strings (`\n` escaped). */
function expectNoNoise(text: string): void {
  expect(text).not.toMatch(/Error: [^\n]*: Error:/);
  expect(text).not.toMatch(/\.ts:\d+/);
  expect(text).not.toMatch(/(?:^|\n|\\n)\s*at \S/);
}

describe.each<Path>(["dynamic", "native"])("%s", (path) => {
  const fx = useProtocolStack(path);
  let proxy: Proxy;
  const refused = () => `the API at ${proxy.url("refuse")} refused the API key (401 UNAUTHORIZED)`;

  beforeAll(async () => {
    proxy = await startProxy(() => fx.emulator.url);
    await fx.stack.setConfig("edgeingress:apiUrl", { value: proxy.url() });
    await fx.setProgram({ resources: [{ kind: "IpPolicy", name: "office", args: { description: "office" } }] });
    expectSuccess(await fx.stack.up());
  });
  afterAll(async () => {
    await fx.stack.setConfig("edgeingress:apiUrl", { value: proxy.url() });
    await fx.stack.destroy();
    await proxy.close();
  });

  /** `act` with the stack's URL one whose server refuses every key. */
  async function refusing<T>(act: () => Promise<T>): Promise<T> {
    await fx.stack.setConfig("edgeingress:apiUrl", { value: proxy.url("refuse") });
    try {
      return await act();
    } finally {
      await fx.stack.setConfig("edgeingress:apiUrl", { value: proxy.url() });
    }
  }

  test("a wrong key at preview: the message once, no doubling, no stack frame", async () => {
    const preview = await refusing(() => fx.stack.preview());
    expect(preview.code).not.toBe(0);
    expect(count(output(preview), refused())).toBe(1);
    expectNoNoise(output(preview));
  });

  test.each(["refresh", "destroy"] as const)("a key refused at %s: no doubling, no stack frame", async (command) => {
    const result = await refusing(() => fx.stack[command]());
    expect(result.code).not.toBe(0);
    expect(output(result)).toContain(refused());
    expectNoNoise(output(result));
    expect(await fx.client.ipPolicies.list().toArray()).toHaveLength(1);
  });

  test("as the provider process reports it: the gRPC error's details, and the dynamic host's stderr line, hold the words once, plain", async () => {
    const [goal] = goalsOf(path, fx.protocol.program, fx.protocol.urn, {});
    const props = goal.inputs({});
    const [policy] = await fx.client.ipPolicies.list().toArray();
    const [apiKey, apiUrl] = [fx.emulator.rootToken, proxy.url("refuse")];
    const session = await startSession(path, `errors: a refused read (${path})`, { EDGE_INGRESS_API_KEY: "", EDGE_INGRESS_API_URL: "" });
    try {
      // Native: CheckConfig's failure (the harness joins its property and reason); dynamic: Read's gRPC error.
      const error = await session
        .configure(path === "native" ? { apiKey, apiUrl } : { "edgeingress:apiKey": apiKey, "edgeingress:apiUrl": apiUrl })
        .then(() => session.read(goal.urn, goal.type, policy.id, props, props))
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(ProviderError);
      const details = (error as ProviderError).message;
      expect(count(details, refused())).toBe(1);
      expectNoNoise(details);
      // The host writes `${e}: ${e.stack}` for every failed call, which the engine shows with the plugin's output.
      if (path === "dynamic") expect(count(session.stderr(), refused())).toBe(1);
      expectNoNoise(session.stderr());
    } finally {
      await session.close();
    }
  });
});
