/** Every kind the store holds and persists. A new kind adds its state module here. */
import type { BaseRecord, KindDef } from "./store";
import { apiKeys } from "./api-key";
import { failoverBackends } from "./failover-backend";
import { ipPolicies } from "./ip-policy";
import { ipRestrictions } from "./ip-restriction";
import { tunnelGroupBackends } from "./tunnel-group-backend";
import { weightedBackends } from "./weighted-backend";

export const KINDS: readonly KindDef<BaseRecord>[] = [
  apiKeys,
  ipPolicies,
  ipRestrictions,
  tunnelGroupBackends,
  weightedBackends,
  failoverBackends,
];
