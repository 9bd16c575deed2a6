import * as fs from "node:fs";
import * as path from "node:path";
import { GENERATED_MARKDOWN_HEADER } from "../../generate";
import { renderReference } from "../../generate/provider-reference";

test("docs/reference.md is the rendering of the kind declarations (run `npm run generate` after changing a kind)", () => {
  const committed = fs.readFileSync(path.join(__dirname, "..", "..", "docs", "reference.md"), "utf8");
  expect(committed).toBe(`${GENERATED_MARKDOWN_HEADER}\n${renderReference()}`);
});
