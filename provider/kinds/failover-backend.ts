import {
  FailoverBackendCreateParams,
  FailoverBackendUpdateParams,
  type FailoverBackend as FailoverBackendObject,
} from "../../sdk/resources/failover-backend";
import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import { prefixed } from "../framework/ids";
import type { KindSpec } from "../framework/kind";
import { failoverBackendResource } from "../resources/failover-backend";

/** @internal */
export const failoverBackendKind: KindSpec<FailoverBackendObject> = {
  name: failoverBackendResource.name,
  section: "§2.11, §4.7",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.failoverBackends),
  createSchema: FailoverBackendCreateParams,
  updateSchema: FailoverBackendUpdateParams,
  defaults: { description: "", metadata: "" },
  outputs: failoverBackendResource.outputs,
  api: (client) => client.failoverBackends,
};
