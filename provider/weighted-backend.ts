import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { ID_PREFIXES, MAX_WEIGHT, WeightedBackendCreateParams, WeightedBackendUpdateParams, fields, type WeightedBackend as WeightedBackendObject } from "../sdk";
import type { InputForm, KindSpec } from "./framework/kind";
import { prefixed } from "./framework/ids";
import { EdgeIngressResource, type GetOptions, type AdoptArgs } from "./framework/resource";

/** One child backend and its weight, as users declare it. */
export interface WeightedBackendEntry {
  backendId: string;
  weight: number;
}

const isEntry = (v: unknown): v is WeightedBackendEntry => v !== null && typeof v === "object" && typeof (v as WeightedBackendEntry).backendId === "string";

const Entries = z
  .array(fields.params({ backendId: fields.backendId, weight: fields.intRange(0, MAX_WEIGHT) }), { error: "must be a list of { backendId, weight }" })
  .min(1, { error: "must have at least 1 item" })
  .superRefine((items, ctx) => {
    // The wire is a map: a backend given twice would silently keep one weight.
    const first = new Map<string, number>();
    items.forEach((item, i) => {
      const at = first.get(item.backendId);
      if (at === undefined) first.set(item.backendId, i);
      else ctx.addIssue({ code: "custom", path: [i, "backendId"], message: `must not repeat backends[${at}].backendId: each backend appears once` });
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
  toWire: (value) => (Array.isArray(value) ? Object.fromEntries(value.filter(isEntry).map((e) => [e.backendId, e.weight])) : value),
  // In the service's order, which is the order sent: no reordering shows in previews.
  fromWire: (value) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.entries(value).map(([backendId, weight]) => ({ backendId, weight }))
      : value,
};

/** @internal */
export const weightedBackendKind: KindSpec<WeightedBackendObject> = {
  name: "WeightedBackend",
  section: "§2.10, §4.7",
  idForm: prefixed(ID_PREFIXES.weightedBackends),
  createSchema: WeightedBackendCreateParams,
  updateSchema: WeightedBackendUpdateParams,
  defaults: { description: "", metadata: "" },
  inputForms: { backends: backendsForm },
  outputs: ["uri", "createdAt"],
  api: (client) => client.weightedBackends,
};

export interface WeightedBackendArgs extends AdoptArgs {
  /**
   * Child backends with their weights (0 to 10000), each backend once; `backendId` may be another
   * resource's `id`. A map of child backend id → weight (the service's form) is accepted too.
   */
  backends: pulumi.Input<pulumi.Input<{ backendId: pulumi.Input<string>; weight: pulumi.Input<number> }>[] | Record<string, pulumi.Input<number>>>;
  /** Human-readable, at most 255 bytes. Default "". */
  description?: pulumi.Input<string>;
  /** Arbitrary user data, at most 4096 bytes. Default "". */
  metadata?: pulumi.Input<string>;
}

/** Splits traffic across child backends by weight. */
export class WeightedBackend extends EdgeIngressResource {
  /** In the list form, whichever form was declared (state from before the list form holds a map until refreshed). */
  declare readonly backends: pulumi.Output<WeightedBackendEntry[]>;
  /** Human-readable. */
  declare readonly description: pulumi.Output<string>;
  /** Arbitrary user data. */
  declare readonly metadata: pulumi.Output<string>;
  /** The backend's API URI. */
  declare readonly uri: pulumi.Output<string>;
  /** RFC 3339 creation time. */
  declare readonly createdAt: pulumi.Output<string>;

  constructor(name: string, args: WeightedBackendArgs, opts?: pulumi.CustomResourceOptions);
  /** @internal `get`: no args, an id. */
  constructor(name: string, args: undefined, opts: pulumi.CustomResourceOptions);
  constructor(name: string, args: WeightedBackendArgs | undefined, opts?: pulumi.CustomResourceOptions) {
    super(weightedBackendKind, name, args, opts);
  }

  static get(name: string, id: pulumi.Input<string>, opts?: GetOptions): WeightedBackend {
    return new WeightedBackend(name, undefined, { ...opts, id });
  }
}
