import {
  FailoverBackendCreateParams,
  FailoverBackendUpdateParams,
  type FailoverBackend as FailoverBackendObject,
  failoverBackendsIdPrefix,
} from "../../sdk/resources/failover-backend";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, declareKind } from "../framework/kind";

/** @internal */
export const failoverBackendKind = declareKind<FailoverBackendObject>({
  name: "FailoverBackend",
  doc: "Sends traffic to the first child backend that is up.",
  fields: {
    backends: {
      input: {
        type: "pulumi.Input<string>[]",
        doc: "Child backend ids (`bkdtg_`, `bkdwd_`, `bkdfo_`, `bkdhr_`), in the order they are tried; at least one, none repeated.",
        required: true,
      },
      type: "string[]",
      doc: "Child backend ids, first choice first.",
    },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    uri: { type: "string", doc: "The backend's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.11, §4.7",
  refresh: { by: "pages" },
  idForm: prefixed(failoverBackendsIdPrefix),
  createSchema: FailoverBackendCreateParams,
  updateSchema: FailoverBackendUpdateParams,
  api: (client) => client.failoverBackends,
});
