import * as fs from "node:fs";
import * as path from "node:path";
import { ROUTE_FAMILIES } from "../../emulator/routes";
import { EdgeIngress } from "../../sdk/client";

const sdkMd = fs.readFileSync(path.join(__dirname, "..", "..", "docs", "sdk.md"), "utf8");

/** The first column of the "Client families" table of docs/sdk.md. */
function documentedFamilies(md: string): string[] {
  const start = md.indexOf("\n### Client families\n");
  if (start < 0) throw new Error('docs/sdk.md has no "Client families" section');
  const section = md.slice(start + 1).split(/\n#{2,3} /)[0];
  return [...section.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
}

const familiesOfClient = () =>
  Object.keys(new EdgeIngress({ apiKey: "docs-test-key", baseURL: "http://127.0.0.1:9" })).filter((k) => k !== "baseURL");

test("docs/sdk.md lists every client family, and only those", () => {
  const families = familiesOfClient();
  expect(families).toContain("ipPolicyRules");
  expect([...documentedFamilies(sdkMd)].sort()).toEqual([...families].sort());
});

test("a family missing from docs/sdk.md is found", () => {
  const without = sdkMd.replace(/^\| `ipPolicyRules` \|.*\n/m, "");
  expect(documentedFamilies(without)).not.toContain("ipPolicyRules");
  expect(documentedFamilies(without).length).toBe(familiesOfClient().length - 1);
});

test("the API reference's families are the client's", () => {
  expect(Object.keys(ROUTE_FAMILIES).sort()).toEqual(familiesOfClient().sort());
});
