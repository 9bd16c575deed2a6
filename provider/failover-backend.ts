import { FailoverBackendCreateParams, FailoverBackendUpdateParams, ID_PREFIXES, type FailoverBackend as FailoverBackendObject } from "../sdk";
import { prefixed } from "./framework/ids";
import type { KindSpec } from "./framework/kind";
import { failoverBackendResource } from "./resources/failover-backend";

/** @internal */
export const failoverBackendKind: KindSpec<FailoverBackendObject> = {
  name: failoverBackendResource.name,
  section: "§2.11, §4.7",
  idForm: prefixed(ID_PREFIXES.failoverBackends),
  createSchema: FailoverBackendCreateParams,
  updateSchema: FailoverBackendUpdateParams,
  defaults: { description: "", metadata: "" },
  outputs: failoverBackendResource.outputs,
  api: (client) => client.failoverBackends,
};
