/**
 * What Pulumi stores in state as `__provider`: a function the dynamic provider process calls once to get
 * the kind's provider object, which the runtime entry builds there. It captures only the kind's name, so
 * it serializes to about 300 bytes (a serialized provider object costs about 200 bytes per method).
 * `@edge-ingress/pulumi/runtime` and its exports are a public contract: state of every version calls them.
 */
export function providerFactory(kind: string): () => unknown {
  return () => require("@edge-ingress/pulumi/runtime").provider(kind);
}
