/**
 * The native provider's configuration: `edgeingress:apiUrl`, `edgeingress:apiKey` (secret),
 * `timeoutMs`, `maxRetries`, `rateLimitWaitMs`, with the environment variables the dynamic providers
 * read (runtime/connection.ts) for URL and key. Checked once, at CheckConfig: a wrong URL or key is one
 * error of the provider, before any resource.
 */
import type { EdgeIngress } from "../sdk/client";
import { containsUnknown } from "../provider/framework/values";
import { checkedClient, configTarget, LastingError, withEnvironment, type Settings } from "../runtime/connection";

type Props = Record<string, any>;

/** The provider's configuration keys, as `pulumi config set edgeingress:<key>` names them. */
export const CONFIG_KEYS = ["apiUrl", "apiKey", "timeoutMs", "maxRetries", "rateLimitWaitMs"] as const;
const NUMBERS = ["timeoutMs", "maxRetries", "rateLimitWaitMs"] as const;

export interface Failure {
  property: string;
  reason: string;
}

/** What the configuration says, and what is wrong with its shape (not yet whether it connects). */
export function settingsOf(config: Props): { settings: Settings; failures: Failure[] } {
  const failures: Failure[] = [];
  const text = (key: string): string | undefined => {
    const value = config[key];
    if (value === undefined || value === null || value === "") return undefined;
    if (typeof value === "string") return value;
    // A secret key is never shown: the property is named in the reason only.
    failures.push({ property: key === "apiKey" ? "" : key, reason: `edgeingress:${key} must be a string` });
    return undefined;
  };
  const settings: Settings = withEnvironment({ apiKey: text("apiKey"), apiUrl: text("apiUrl") }, "provider config");
  for (const key of NUMBERS) {
    const raw = config[key];
    if (raw === undefined || raw === null || raw === "") continue;
    const value = Number(raw);
    if (Number.isInteger(value) && value >= 0) settings[key] = value;
    else failures.push({ property: key, reason: `edgeingress:${key} must be a whole number, got ${JSON.stringify(raw)}` });
  }
  for (const key of Object.keys(config)) {
    if (!(CONFIG_KEYS as readonly string[]).includes(key) && !key.startsWith("__") && key !== "version") {
      failures.push({ property: key, reason: `edgeingress:${key} is not a setting of the provider (${CONFIG_KEYS.join(", ")})` });
    }
  }
  return { settings, failures };
}

/** The checked client of these settings (runtime/connection.ts words every failure: what to set). */
export function providerClient(settings: Settings): Promise<EdgeIngress> {
  // Keyed apart from the dynamic path's connections: CheckConfig and Configure of one process check once.
  return checkedClient(`provider ${JSON.stringify(settings)}`, () => configTarget(settings, true));
}

/**
 * CheckConfig's failures: the shape, then the connection itself (one authenticated GET). Values not
 * known yet (an explicit provider whose key is another resource's output) are checked when known.
 */
export async function checkConfig(config: Props): Promise<Failure[]> {
  const { settings, failures } = settingsOf(config);
  if (failures.length || containsUnknown(config)) return failures;
  try {
    await providerClient(settings);
    return [];
  } catch (e) {
    // A lasting failure (a key, a URL) is the user's to fix: one failure of the provider, in Pulumi's words.
    if (e instanceof LastingError) return [{ property: "", reason: e.message }];
    throw e;
  }
}
