/** `@edge-ingress/pulumi`: the resource classes users declare in stack programs. */
export * from "./provider";
