import * as pulumi from "@pulumi/pulumi";
import { KindSpec, inputKeys } from "./kind";
import { providerFactory } from "./thin";

export const MODULE = "edgeingress";

const PROVIDER_KEY = "__provider";
// Serialized once per kind and program.
const serialized = new Map<string, Promise<string>>();
function serializedProvider(kind: string): Promise<string> {
  let text = serialized.get(kind);
  if (!text) serialized.set(kind, (text = pulumi.runtime.serializeFunction(providerFactory(kind)).then((sf) => sf.text)));
  return text;
}

/**
 * Base of every resource class: a dynamic resource `pulumi-nodejs:dynamic/edgeingress:<Kind>` whose
 * `__provider` is the kind's serialized provider factory (thin.ts), as `pulumi.dynamic.Resource` would
 * store a serialized provider object. Declares every input and output as an output property, wraps
 * secret inputs and marks secret outputs.
 */
export abstract class EdgeIngressResource extends pulumi.CustomResource {
  protected constructor(spec: KindSpec, name: string, args: Record<string, any> | undefined, opts: pulumi.CustomResourceOptions | undefined) {
    const props: Record<string, any> = {};
    for (const key of [...inputKeys(spec), ...spec.outputs]) props[key] = undefined;
    for (const [key, value] of Object.entries(args ?? {})) {
      props[key] = spec.secretInputs?.includes(key) && value !== undefined ? pulumi.secret(value) : value;
    }
    // Secret inputs too: a value the program did not declare (a module added outside Pulumi, read by a
    // refresh) would otherwise land in state and previews in plaintext.
    const secretOutputs = [...(spec.secretOutputs ?? []), ...(spec.secretInputs ?? [])];
    const merged = secretOutputs.length
      ? pulumi.mergeOptions(opts, { additionalSecretOutputs: secretOutputs })
      : opts;
    props[PROVIDER_KEY] = serializedProvider(spec.name);
    super(`pulumi-nodejs:dynamic/${MODULE}:${spec.name}`, name, props, merged);
  }
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
