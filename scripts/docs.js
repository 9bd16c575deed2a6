// Writes docs/reference.md from the built kind declarations (npm run docs).
const fs = require("node:fs");
const path = require("node:path");
const { renderReference } = require("../dist/provider/reference");
fs.writeFileSync(path.join(__dirname, "..", "docs", "reference.md"), renderReference());
