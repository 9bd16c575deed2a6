// The benchmark's mix: declares the resources of the JSON file named by the `specFile` config value,
// { resources: [{ kind, name, args }] } (bench/mix.ts), in order; "@<name>" anywhere in args stands for
// that earlier resource's id. As test/fixtures/edges, but from a file: the language host hands config to
// the program in one environment variable, which Linux limits to 128 KB, and the spec of 1000
// resources is about 270 KB.
"use strict";
const fs = require("node:fs");
const pulumi = require("@pulumi/pulumi");
const ei = require("@edge-ingress/pulumi");

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

for (const { kind, name, args } of spec.resources ?? []) made[name] = new ei[kind](name, resolve(args));

exports.ids = Object.fromEntries(Object.entries(made).map(([n, r]) => [n, r.id]));
