import { z } from "zod";
import * as fields from "../../sdk/core/fields";
import {
  MAX_WEIGHT,
  WeightedBackendCreateParams,
  WeightedBackendUpdateParams,
  type WeightedBackend as WeightedBackendObject,
  weightedBackendsIdPrefix,
} from "../../sdk/resources/weighted-backend";
import { prefixed } from "../framework/ids";
import { COMMON_FIELDS, type InputForm, declareKind } from "../framework/kind";

const isEntry = (v: unknown): v is WeightedBackendEntry =>
  v !== null && typeof v === "object" && typeof (v as WeightedBackendEntry).backendId === "string";

const Entries = z
  .array(fields.params({ backendId: fields.backendId, weight: fields.intRange(0, MAX_WEIGHT) }), {
    error: "must be a list of { backendId, weight }",
  })
  .min(1, { error: "must have at least 1 item" })
  .superRefine((items, ctx) => {
    // The wire is a map: a backend given twice would silently keep one weight.
    const first = new Map<string, number>();
    items.forEach((item, i) => {
      const at = first.get(item.backendId);
      if (at === undefined) first.set(item.backendId, i);
      else
        ctx.addIssue({
          code: "custom",
          path: [i, "backendId"],
          message: `must not repeat backends[${at}].backendId: each backend appears once`,
        });
    });
  });

/**
 * `backends` is declared as a list of `{ backendId, weight }` (so a backend's `id` Output goes in
 * without `apply`) and sent as the service's id → weight map. The map form is accepted too, and
 * compares equal to the same list, so older programs and state keep working.
 */
const backendsForm: InputForm = {
  isDeclared: Array.isArray,
  schema: Entries,
  toServiceForm: (value) => (Array.isArray(value) ? Object.fromEntries(value.filter(isEntry).map((e) => [e.backendId, e.weight])) : value),
  // In the service's order, which is the order sent: no reordering shows in previews.
  toDeclaredForm: (value) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.entries(value).map(([backendId, weight]) => ({ backendId, weight }))
      : value,
};

/** @internal */
export const weightedBackendKind = declareKind<WeightedBackendObject>({
  name: "WeightedBackend",
  doc: "Splits traffic across child backends by weight.",
  fields: {
    backends: {
      input: {
        type: "pulumi.Input<{ backendId: pulumi.Input<string>; weight: pulumi.Input<number> }>[] | Record<string, pulumi.Input<number>>",
        doc: "Child backends with their weights (0 to 10000), each backend once; `backendId` may be another resource's `id`. A map of child backend id → weight (the service's form) is accepted too.",
        required: true,
      },
      type: "WeightedBackendEntry[]",
      doc: "In the list form, whichever form was declared (state from before the list form holds a map until refreshed).",
    },
    description: COMMON_FIELDS.description,
    metadata: COMMON_FIELDS.metadata,
    uri: { type: "string", doc: "The backend's API URI." },
    createdAt: COMMON_FIELDS.createdAt,
  },
  section: "§2.10, §4.7",
  refresh: { by: "pages" },
  idForm: prefixed(weightedBackendsIdPrefix),
  createSchema: WeightedBackendCreateParams,
  updateSchema: WeightedBackendUpdateParams,
  inputForms: { backends: backendsForm },
  api: (client) => client.weightedBackends,
});

/** One child backend and its weight, as users declare it. */
export interface WeightedBackendEntry {
  /** The child backend's id (`bkdtg_`, `bkdwd_`, `bkdfo_` or `bkdhr_`). */
  backendId: string;
  /** Its weight, an integer from 0 to 10000: its share of traffic is its weight over the sum of all. */
  weight: number;
}
