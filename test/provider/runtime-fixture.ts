/** Runs the provider runtime (as the engine would call it) against an emulator on an ephemeral port. */
import type { RunningEmulator } from "../../emulator";
import type { Client } from "../support/emulator";
import type { EdgeIngress } from "../../sdk";
import { useEmulator } from "../support/emulator";
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
  /** Raw HTTP to the emulator with the root token (its admin surface: counters, faults). */
  readonly api: Client;
}

export function useRuntime(): RuntimeFixture {
  const emu = useEmulator();
  beforeAll(async () => {
    await runtime.configure({ config: fakeConfig({ "edgeingress:apiKey": emu.rootToken, "edgeingress:apiUrl": emu.url }) });
  });
  return {
    runtime,
    get client() {
      return emu.client;
    },
    get emulator() {
      return emu.emulator;
    },
    get api() {
      return emu.api;
    },
  };
}
