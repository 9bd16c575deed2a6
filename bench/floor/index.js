// The benchmark's floor: the resources of the spec file named by the `programFile` config (bench/mix.ts, read
// as harness/edges reads it: "@<name>" is that earlier resource's id) as minimal dynamic resources of the same kinds,
// with the same input and output property names and secrets, the same dependencies, and a provider that
// does nothing (bench/floor/provider.js). Whatever the mix costs above this stack is ours.
"use strict";
const path = require("node:path");
const pulumi = require("@pulumi/pulumi");
const { outputNames, secretNames } = require("./shapes");
const { declareAll, readProgram } = require("../../harness/edges/declare");

// `__provider` as the package stores it: a one-line module whose handler requires a module-level
// provider object from a file in the provider process, not the provider object itself.
const PROVIDER = path.join(__dirname, "provider.js");
const providerText = (kind) => `exports.handler = () => require(${JSON.stringify(PROVIDER)}).provider(${JSON.stringify(kind)});\n`;

class FloorResource extends pulumi.CustomResource {
  constructor(kind, name, args) {
    const props = {};
    for (const key of outputNames(kind)) props[key] = undefined;
    const secrets = secretNames(kind);
    for (const [key, value] of Object.entries(args)) props[key] = secrets.includes(key) ? pulumi.secret(value) : value;
    props.__provider = providerText(kind);
    super(`pulumi-nodejs:dynamic/floor:${kind}`, name, props, secrets.length ? { additionalSecretOutputs: secrets } : {});
  }
}

const made = declareAll(readProgram(new pulumi.Config()), (kind, name, args) => new FloorResource(kind, name, args));

exports.ids = Object.fromEntries(Object.entries(made).map(([n, r]) => [n, r.id]));
