// The benchmark's floor: the resources of the spec file named by the `specFile` config (bench/mix.ts, read
// as bench/edges reads it: "@<name>" is that earlier resource's id) as minimal dynamic resources of the same kinds,
// with the same input and output property names and secrets, the same dependencies, and a provider that
// does nothing (bench/floor/provider.js). Whatever the mix costs above this stack is ours.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const pulumi = require("@pulumi/pulumi");
const { outputNames, secretNames } = require("./shapes");

// `__provider` as the package stores it: a small serialized factory that requires a module-level
// provider object from a file in the provider process (~300 bytes), not the provider object itself.
const PROVIDER = path.join(__dirname, "provider.js");
const serialized = {};
const serializedProvider = (kind) =>
  (serialized[kind] ??= pulumi.runtime.serializeFunction(() => require(PROVIDER).provider(kind)).then((f) => f.text));

class FloorResource extends pulumi.CustomResource {
  constructor(kind, name, args) {
    const props = {};
    for (const key of outputNames(kind)) props[key] = undefined;
    const secrets = secretNames(kind);
    for (const [key, value] of Object.entries(args)) props[key] = secrets.includes(key) ? pulumi.secret(value) : value;
    props.__provider = serializedProvider(kind);
    super(`pulumi-nodejs:dynamic/floor:${kind}`, name, props, secrets.length ? { additionalSecretOutputs: secrets } : {});
  }
}

const spec = JSON.parse(fs.readFileSync(new pulumi.Config().require("specFile"), "utf8"));
const made = {};
const resolve = (v) =>
  typeof v === "string" && v.startsWith("@")
    ? made[v.slice(1)].id
    : Array.isArray(v)
      ? v.map(resolve)
      : v !== null && typeof v === "object"
        ? resolveObject(v)
        : v;
// A map keyed by resource names (a weighted backend's children) is an Output.
const resolveObject = (o) => {
  const entries = Object.entries(o).map(([k, x]) => [resolve(k), resolve(x)]);
  return Object.keys(o).some((k) => k.startsWith("@"))
    ? pulumi.all(entries.map(([k]) => k)).apply((keys) => Object.fromEntries(keys.map((k, i) => [k, entries[i][1]])))
    : Object.fromEntries(entries);
};

for (const { kind, name, args } of spec.resources ?? []) made[name] = new FloorResource(kind, name, resolve(args));

exports.ids = Object.fromEntries(Object.entries(made).map(([n, r]) => [n, r.id]));
