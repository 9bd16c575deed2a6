import * as pulumi from "@pulumi/pulumi";
import { KindSpec, inputKeys } from "./kind";
import { thinProvider } from "./thin";

export const MODULE = "edgeingress";

/**
 * Base of every resource class: registers the kind's thin provider under
 * `pulumi-nodejs:dynamic/edgeingress:<Kind>`, declares every input and output as an output property,
 * wraps secret inputs and marks secret outputs.
 */
export abstract class EdgeIngressResource extends pulumi.dynamic.Resource {
  protected constructor(spec: KindSpec, name: string, args: Record<string, any> | undefined, opts: pulumi.CustomResourceOptions | undefined) {
    const props: Record<string, any> = {};
    for (const key of [...inputKeys(spec), ...spec.outputs]) props[key] = undefined;
    for (const [key, value] of Object.entries(args ?? {})) {
      props[key] = spec.secretInputs?.includes(key) && value !== undefined ? pulumi.secret(value) : value;
    }
    const secretOutputs = spec.secretOutputs ?? [];
    const merged = secretOutputs.length
      ? pulumi.mergeOptions(opts, { additionalSecretOutputs: [...secretOutputs] })
      : opts;
    super(providerFor(spec.name), name, props, merged, MODULE, spec.name);
  }
}

// One provider object per kind: the SDK caches serialization per object.
const providers = new Map<string, pulumi.dynamic.ResourceProvider>();
function providerFor(kind: string): pulumi.dynamic.ResourceProvider {
  let p = providers.get(kind);
  if (!p) providers.set(kind, (p = thinProvider(kind)));
  return p;
}

/** The Pulumi input form of an sdk params type: every level may be an Input (an Output of another resource). */
export type Args<T> = T extends (infer U)[]
  ? pulumi.Input<Args<U>[]>
  : T extends object
    ? pulumi.Input<{ [K in keyof T]: Args<T[K]> }>
    : pulumi.Input<T>;
/** Every kind's provider-level input. */
export interface AdoptArgs {
  /**
   * The id of an existing resource to take over (and converge to the declared inputs) instead of
   * creating one: dynamic providers cannot `pulumi import`. Read only at creation.
   */
  adopt?: pulumi.Input<string>;
}

/** Args of a whole resource: its top-level properties. */
export type ResourceArgs<T> = { [K in keyof T]: Args<T[K]> } & AdoptArgs;
