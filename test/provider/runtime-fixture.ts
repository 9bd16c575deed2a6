/** Runs the provider runtime (as the engine would call it) against an emulator on an ephemeral port. */
import { startEmulator, type RunningEmulator } from "../../emulator";
import { EdgeIngress } from "../../sdk";
import * as runtime from "../../runtime";

export function fakeConfig(values: Record<string, string>) {
  return {
    get: (key: string) => values[key],
    require: (key: string) => {
      if (!(key in values)) throw new Error(`missing ${key}`);
      return values[key];
    },
  };
}

export interface RuntimeFixture {
  readonly runtime: typeof runtime;
  /** A client on the same emulator, for out-of-band changes and checks. */
  readonly client: EdgeIngress;
  readonly emulator: RunningEmulator;
}

export function useRuntime(): RuntimeFixture {
  let emulator: RunningEmulator | undefined;
  let client: EdgeIngress | undefined;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    client = new EdgeIngress({ apiKey: emulator.rootToken, baseURL: emulator.url, maxRetries: 0 });
    await runtime.configure({ config: fakeConfig({ "edgeingress:apiKey": emulator.rootToken, "edgeingress:apiUrl": emulator.url }) });
  });
  afterAll(async () => {
    await client?.close();
    await emulator?.close();
  });
  return {
    runtime,
    get client() {
      return client!;
    },
    get emulator() {
      return emulator!;
    },
  };
}
