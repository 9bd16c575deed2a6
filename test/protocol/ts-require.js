// Preloaded (`node -r`) into Pulumi's own dynamic-provider host when the protocol harness starts it:
// `require("@edge-ingress/pulumi/runtime")`, which every `__provider` text calls, resolves to this
// checkout's runtime/index.ts, and .ts files load transpiled (TypeScript's transpileModule, cached on
// disk by content), so the host runs the sources under test, never a stale dist/.
"use strict";
const crypto = require("node:crypto");
const fs = require("node:fs");
const Module = require("node:module");
const path = require("node:path");
const ts = require("typescript");

const ROOT = path.resolve(__dirname, "..", "..");
const CACHE = path.join(ROOT, "node_modules", ".cache", "ei-protocol-ts");
const ENTRY = "@edge-ingress/pulumi/runtime";
const options = { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true, sourceMap: false };

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, request === ENTRY ? path.join(ROOT, "runtime", "index.ts") : request, ...rest);
};

fs.mkdirSync(CACHE, { recursive: true });
require.extensions[".ts"] = (module, filename) => {
  const source = fs.readFileSync(filename, "utf8");
  const key = crypto.createHash("sha1").update(ts.version).update(filename).update(source).digest("hex");
  const cached = path.join(CACHE, `${key}.js`);
  let js;
  try {
    js = fs.readFileSync(cached, "utf8");
  } catch {
    js = ts.transpileModule(source, { compilerOptions: options, fileName: filename }).outputText;
    fs.writeFileSync(`${cached}.${process.pid}`, js);
    fs.renameSync(`${cached}.${process.pid}`, cached);
  }
  module._compile(js, filename);
};
