import type { KindSpec } from "./framework/kind";
import { apiKeyKind } from "./api-key";
import { eventDestinationKind } from "./event-destination";
import { eventSourceKind } from "./event-source";
import { eventSubscriptionKind } from "./event-subscription";
import { ipPolicyKind } from "./ip-policy";
import { ipRestrictionKind } from "./ip-restriction";

/** Every kind by type name: what the runtime entry dispatches on. */
export const kinds: Readonly<Record<string, KindSpec>> = Object.fromEntries(
  [apiKeyKind, ipPolicyKind, ipRestrictionKind, eventDestinationKind, eventSubscriptionKind, eventSourceKind].map((k) => [k.name, k]),
);

export function kindSpec(name: string): KindSpec {
  const spec = kinds[name];
  if (!spec) throw new Error(`edgeingress: unknown resource kind "${name}"; this package version does not provide it`);
  return spec;
}
