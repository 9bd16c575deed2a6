/** The native provider's engine environment, shared with the benchmark: harness/native.ts. */
import { createStack, type ConfigValue, type TestStack } from "../../harness/engine";
import { nativeEnv } from "../../harness/native";

export { nativeEnv };

/**
 * A stack of a native program in `programDir`: the plugin and the YAML host first on PATH (`binDir`, for
 * the caller to remove), the emulator's URL and root token as the provider's stack config, plus `config`.
 */
export async function createNativeStack(
  programDir: string,
  emulator: { url: string; rootToken: string },
  config: Record<string, ConfigValue> = {},
): Promise<{ stack: TestStack; binDir: string }> {
  const native = nativeEnv();
  const stack = await createStack({
    programDir,
    linkSelf: false,
    env: native.env,
    config: {
      "edgeingress:apiKey": { value: emulator.rootToken, secret: true },
      "edgeingress:apiUrl": { value: emulator.url },
      ...config,
    },
  });
  return { stack, binDir: native.dir };
}
