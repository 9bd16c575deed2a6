import {
  FailoverBackendCreateParams,
  FailoverBackendUpdateParams,
  type FailoverBackend as FailoverBackendObject,
} from "../../sdk/resources/failover-backend";
import { ID_PREFIXES } from "../../sdk/core/id-prefixes";
import { prefixed } from "../framework/ids";
import { declareKind } from "../framework/kind";

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
    description: { input: { doc: 'Human-readable, at most 255 bytes. Default "".' }, default: "", type: "string", doc: "Human-readable." },
    metadata: {
      input: { doc: 'Arbitrary user data, at most 4096 bytes. Default "".' },
      default: "",
      type: "string",
      doc: "Arbitrary user data.",
    },
    uri: { type: "string", doc: "The backend's API URI." },
    createdAt: { type: "string", doc: "RFC 3339 creation time." },
  },
  section: "§2.11, §4.7",
  refresh: { by: "pages" },
  idForm: prefixed(ID_PREFIXES.failoverBackends),
  createSchema: FailoverBackendCreateParams,
  updateSchema: FailoverBackendUpdateParams,
  api: (client) => client.failoverBackends,
});
