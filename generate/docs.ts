/**
 * The generated references: docs/reference.md from the kind declarations and docs/api.md from the
 * emulator's route table and schemas (each also compared by its own test). Markdown is written as
 * rendered: prettier leaves docs/ alone.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { ROOT, type Generator } from "./generator";

export const docs: Generator = {
  name: "docs",
  rendersFromGenerated: true,
  async files() {
    // Required here, not imported: they load the generated indexes, current only once the first phase ran.
    const choices = fs.readFileSync(path.join(ROOT, "docs", "api-choices.md"), "utf8");
    return [
      { path: "docs/reference.md", text: (require("../provider/reference") as typeof import("../provider/reference")).renderReference() },
      {
        path: "docs/api.md",
        text: await (require("../emulator/reference") as typeof import("../emulator/reference")).renderApiReference(choices),
      },
    ];
  },
};
