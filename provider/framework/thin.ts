import type * as dynamic from "@pulumi/pulumi/dynamic";

/**
 * The provider object Pulumi serializes into state. It captures only the kind's name: every method
 * loads the package's runtime entry at call time, so state stays small and old state keeps working
 * with newer package versions. `@edge-ingress/pulumi/runtime` and its signatures are a public contract.
 */
export function thinProvider(kind: string): dynamic.ResourceProvider {
  return {
    configure: (req) => require("@edge-ingress/pulumi/runtime").configure(req),
    check: (olds, news) => require("@edge-ingress/pulumi/runtime").check(kind, olds, news),
    diff: (id, olds, news) => require("@edge-ingress/pulumi/runtime").diff(kind, id, olds, news),
    create: (inputs) => require("@edge-ingress/pulumi/runtime").create(kind, inputs),
    read: (id, props) => require("@edge-ingress/pulumi/runtime").read(kind, id, props),
    update: (id, olds, news) => require("@edge-ingress/pulumi/runtime").update(kind, id, olds, news),
    delete: (id, props) => require("@edge-ingress/pulumi/runtime").delete(kind, id, props),
  };
}
