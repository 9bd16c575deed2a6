// Removes what dist/ (or the folder given, e.g. .cache/generate) holds for sources that no longer exist
// (a moved or deleted module), before an incremental build: tsc never deletes outputs, and a stale
// dist/provider/kinds.js would shadow the dist/provider/kinds/index.js of the moved registry.
const fs = require("node:fs");
const path = require("node:path");

const root = path.join(__dirname, "..");
const dist = path.resolve(root, process.argv[2] ?? "dist");

function prune(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      prune(at);
      if (fs.readdirSync(at).length === 0) fs.rmdirSync(at);
      continue;
    }
    const m = /^(.*)\.(js|js\.map|d\.ts|d\.ts\.map)$/.exec(entry.name);
    if (!m) continue;
    const source = path.join(root, path.relative(dist, dir), `${m[1]}.ts`);
    if (!fs.existsSync(source)) fs.rmSync(at);
  }
}

prune(dist);
