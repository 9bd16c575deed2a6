// Writes docs/reference.md from the built kind declarations and docs/api.md from the built emulator (npm run docs).
const fs = require("node:fs");
const path = require("node:path");
const { renderReference } = require("../dist/provider/reference");
const { renderApiReference } = require("../dist/emulator/reference");

const docs = path.join(__dirname, "..", "docs");
fs.writeFileSync(path.join(docs, "reference.md"), renderReference());
renderApiReference(fs.readFileSync(path.join(docs, "api-choices.md"), "utf8")).then(
  (text) => fs.writeFileSync(path.join(docs, "api.md"), text),
  (err) => {
    console.error(err);
    process.exitCode = 1;
  },
);
