/**
 * `edge-ingress review` on what the real engine writes: one native Pulumi YAML stack with an IP policy
 * of 40 inline rules, one of 1000, and two HTTPS edges with inline routes. Right after `up`, the review
 * of `preview --refresh --json` says no change (exit 0). Then, by hand in the account: the 40-rule
 * policy's description edited, a rule added to it and the route's compression module removed (the
 * three edits of issue 38: 553 lines of `preview --refresh --diff`); a rule added to the 1000-rule
 * policy; a route added to the second edge. One `preview --refresh --json` sees them all; the review
 * of each case (its resources' steps of that one preview) is measured in lines, and the whole review
 * through the built bin exits 3 (drift). The line counts are in docs/review.md.
 */
import { REPO_ROOT, runCommand, type CliResult } from "../../harness/engine";
import { expectSuccess } from "../support/engine-stack";
import { useNativeStack } from "../support/native-stack";
import * as path from "node:path";

const fx = useNativeStack("review");

/** `n` rules of /24 blocks from 10.<second>.0.0/24 on. */
const rules = (n: number, second: number) =>
  Array.from({ length: n }, (_, i) => ({
    cidr: `10.${second + Math.floor(i / 256)}.${i % 256}.0/24`,
    action: "allow",
    description: `rule ${i}`,
  }));

const PROGRAM = {
  resources: [
    { kind: "IpPolicy", name: "office", args: { description: "office", rules: rules(40, 1) } },
    { kind: "IpPolicy", name: "big", args: { description: "a published range list", rules: rules(1000, 2) } },
    {
      kind: "HttpsEdge",
      name: "web",
      args: {
        hostports: ["review-web.example.com:443"],
        routes: [{ matchType: "path_prefix", match: "/", description: "site", compression: { enabled: true } }],
      },
    },
    {
      kind: "HttpsEdge",
      name: "api",
      args: { hostports: ["review-api.example.com:443"], routes: [{ matchType: "path_prefix", match: "/", description: "api" }] },
    },
  ],
};

const BIN = path.join(REPO_ROOT, "dist", "cli", "index.js");
const review = (json: string, ...args: string[]): Promise<CliResult> =>
  runCommand(process.execPath, [BIN, "review", ...args], { cwd: REPO_ROOT, input: json });

/** `pulumi preview --refresh --json` of the stack. */
async function previewJson(): Promise<string> {
  const args = ["preview", "--refresh", "--json", "--stack", fx.stack.name, "--config-file", fx.stack.configFile, "--non-interactive"];
  const result = await fx.stack.run(args);
  expect(result.code).toBe(0);
  return result.stdout;
}

/** The preview's JSON with only the steps of the named resources (and of no other). */
function only(json: string, ...names: string[]): string {
  const preview = JSON.parse(json) as { steps: Array<{ urn: string }> };
  return JSON.stringify({ ...preview, steps: preview.steps.filter((s) => names.some((n) => s.urn.endsWith(`::${n}`))) });
}

const lines = (text: string) => text.trimEnd().split("\n");

let ids: Record<string, string>;

test("up, then a refreshing preview: the review says no change and exits 0", async () => {
  await fx.setProgram(PROGRAM);
  // The review of the refreshing preview below is the no-change check: up's own preview is skipped.
  expectSuccess(await fx.stack.up([], { diffRemains: "none: the refreshed preview below checks" }));
  ids = (await fx.outputs()).ids as Record<string, string>;
  const result = await review(await previewJson());
  expect(result).toMatchObject({ code: 0, stderr: "" });
  expect(lines(result.stdout)).toEqual(["edge-ingress review: no changes"]);
});

test("hand edits: each case reads in a few lines, each change by its own key, and the review exits 3 (drift)", async () => {
  // The three edits of issue 38.
  await fx.client.ipPolicies.update(ids.office, { description: "edited by hand" });
  await fx.client.ipPolicyRules.create({ ipPolicyId: ids.office, cidr: "192.0.2.0/24", action: "allow" });
  const web = await fx.client.httpsEdges.get(ids.web);
  await fx.client.httpsEdgeRoutes.deleteModule(ids.web, web.routes[0].id, "compression");
  // One rule in a thousand; one route.
  await fx.client.ipPolicyRules.create({ ipPolicyId: ids.big, cidr: "198.51.100.0/24", action: "allow", description: "by hand" });
  await fx.client.httpsEdgeRoutes.create(ids.api, { matchType: "path_prefix", match: "/debug", description: "opened by hand" });

  const json = await previewJson();
  const three = await review(only(json, "office", "web"));
  const thousand = await review(only(json, "big"));
  const route = await review(only(json, "api"));
  const whole = await review(json);
  const markdown = await review(json, "--format", "markdown");
  process.stdout.write(
    `three hand edits: ${lines(three.stdout).length} lines; a rule in 1000: ${lines(thousand.stdout).length}; ` +
      `a route: ${lines(route.stdout).length}; all: ${lines(whole.stdout).length}\n${whole.stdout}\n${markdown.stdout}\n`,
  );
  for (const r of [three, thousand, route, whole, markdown]) expect(r).toMatchObject({ code: 3, stderr: "" });

  expect(lines(three.stdout).length).toBeLessThanOrEqual(12);
  expect(three.stdout).toMatch(/^~ +IpPolicy office {2}description: "edited by hand" ⇒ "office"$/m);
  expect(three.stdout).toMatch(/^~ +IpPolicy office {2}rules\[192\.0\.2\.0\/24\]: \{.*"192\.0\.2\.0\/24".*\} ⇒ \(none\)$/m);
  expect(three.stdout).toMatch(/^~ +IpPolicy office {2}rules: 40 unchanged$/m);
  expect(three.stdout).toMatch(/^~ +HttpsEdge web {2}routes\[path_prefix \/\]\.compression: \(none\) ⇒ \{enabled: true\}$/m);

  expect(lines(thousand.stdout).length).toBeLessThanOrEqual(5);
  expect(thousand.stdout).toMatch(/^~ +IpPolicy big {2}rules\[198\.51\.100\.0\/24\]: \{.*"by hand".*\} ⇒ \(none\)$/m);
  expect(thousand.stdout).toMatch(/^~ +IpPolicy big {2}rules: 1000 unchanged$/m);

  expect(lines(route.stdout).length).toBeLessThanOrEqual(5);
  expect(route.stdout).toMatch(/^~ +HttpsEdge api {2}routes\[path_prefix \/debug\]: \{.*"opened by hand".*\} ⇒ \(none\)$/m);

  // Every case in the one review, and nothing the program changes.
  expect(whole.stdout).not.toContain("Changes:");
  expect(markdown.stdout).toContain("| ~ | `IpPolicy big` | `rules[198.51.100.0/24]` |");
}, 600_000);
