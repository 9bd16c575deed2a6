/** Every kind the store holds and persists. A new kind adds its state module here. */
import type { BaseRecord, KindDef } from "./store";
import { apiKeys } from "./api-key";
import { ipPolicies } from "./ip-policy";
import { ipRestrictions } from "./ip-restriction";
import { eventDestinations } from "./event-destination";
import { eventSubscriptions } from "./event-subscription";

export const KINDS: readonly KindDef<BaseRecord>[] = [apiKeys, ipPolicies, ipRestrictions, eventDestinations, eventSubscriptions];
