/**
 * What Pulumi stores in state as `__provider`: a module the dynamic provider host loads (with
 * require-from-string) and whose `handler()` it calls once to get the kind's provider object, which the
 * runtime entry builds there. Written out rather than serialized from a closure: about 90 bytes instead
 * of about 280, stored twice per resource, and no closure serialization in the program. State written
 * earlier holds other texts (a serialized closure, a serialized provider object) that call the same
 * entry: `@edge-ingress/pulumi/runtime` and its exports are a public contract.
 */
/** The property of a dynamic resource's inputs and outputs that holds that text (the engine's name). */
export const PROVIDER_KEY = "__provider";

export function providerText(kind: string): string {
  return `exports.handler = () => require("@edge-ingress/pulumi/runtime").provider(${JSON.stringify(kind)});\n`;
}
