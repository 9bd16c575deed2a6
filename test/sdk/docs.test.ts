import * as fs from "node:fs";
import * as path from "node:path";
import { ROUTES_BY_RESOURCE } from "../../emulator/routes";
import { EdgeIngress } from "../../sdk/client";

const sdkMd = fs.readFileSync(path.join(__dirname, "..", "..", "docs", "sdk.md"), "utf8");

/** The first column of the "Client resources" table of docs/sdk.md. */
function documentedResources(md: string): string[] {
  const start = md.indexOf("\n### Client resources\n");
  if (start < 0) throw new Error('docs/sdk.md has no "Client resources" section');
  const section = md.slice(start + 1).split(/\n#{2,3} /)[0];
  return [...section.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
}

const resourcesOfClient = () =>
  Object.keys(new EdgeIngress({ apiKey: "docs-test-key", baseURL: "http://127.0.0.1:9" })).filter((k) => k !== "baseURL");

test("docs/sdk.md lists every client resource, and only those", () => {
  const resources = resourcesOfClient();
  expect(resources).toContain("ipPolicyRules");
  expect([...documentedResources(sdkMd)].sort()).toEqual([...resources].sort());
});

test("a resource missing from docs/sdk.md is found", () => {
  const without = sdkMd.replace(/^\| `ipPolicyRules` \|.*\n/m, "");
  expect(documentedResources(without)).not.toContain("ipPolicyRules");
  expect(documentedResources(without).length).toBe(resourcesOfClient().length - 1);
});

test("the API reference's resources are the client's", () => {
  expect(Object.keys(ROUTES_BY_RESOURCE).sort()).toEqual(resourcesOfClient().sort());
});
