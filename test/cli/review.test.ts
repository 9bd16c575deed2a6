/**
 * `edge-ingress review`, in process, on the JSON of real previews (test/fixtures/review/, recorded
 * from the engine against the emulator: docs/review.md, "Tests"): the lines it prints, drift told
 * apart from the program's changes, children by their own key, secrets masked, the exit codes.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { EXIT, runReview } from "../../cli/review";
import type { CliIo } from "../../cli/io";

const FIXTURES = path.join(__dirname, "..", "fixtures", "review");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, `${name}.json`), "utf8");

/** Runs the command with `stdin` as its standard input (through a file, as the command reads fd 0 or a path). */
async function review(args: string[], stdin?: string) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = { env: {}, cwd: FIXTURES, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) };
  let file: string | undefined;
  if (stdin !== undefined) {
    file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ei-review-")), "preview.json");
    fs.writeFileSync(file, stdin);
  }
  const code = await runReview(file ? [...args, file] : args, io);
  if (file) fs.rmSync(path.dirname(file), { recursive: true });
  return { code, stdout, stderr, lines: stdout.trimEnd().split("\n") };
}

/** A recorded preview without its refresh steps: the same preview as one run without --refresh. */
function withoutRefresh(json: string): string {
  const preview = JSON.parse(json) as { steps: Array<{ op: string }> };
  return JSON.stringify({ ...preview, steps: preview.steps.filter((s) => s.op !== "refresh") });
}

describe("edge-ingress review", () => {
  test("a refreshing preview right after up: no change, exit 0", async () => {
    const result = await review(["dynamic-nochange-refresh.json"]);
    expect(result).toMatchObject({ code: EXIT.clean, stderr: "" });
    expect(result.lines).toEqual(["edge-ingress review: no changes"]);
    // Without --refresh it says what it could not see.
    const plain = await review([], withoutRefresh(fixture("dynamic-nochange-refresh")));
    expect(plain).toMatchObject({ code: EXIT.clean, lines: ["edge-ingress review: no changes (without --refresh: drift not looked for)"] });
  });

  test("hand edits (dynamic classes): each changed field on a line, children by their own key, unchanged ones counted, exit 3", async () => {
    // A description edited, a rule and a route added in the account; the webhook secret changed in config.
    const result = await review(["dynamic-drift.json"]);
    expect(result).toMatchObject({ code: EXIT.drift, stderr: "" });
    expect(result.lines).toEqual([
      "edge-ingress review: 2 resources drifted",
      "Drift: the account differs from what the stack recorded (account ⇒ program: `pulumi up` sets it back)",
      '~  IpPolicy office  description: "edited by hand" ⇒ "office"',
      '~  IpPolicy office  rules[192.0.2.0/24]: {action: "allow", cidr: "192.0.2.0/24"} ⇒ (none)',
      "~  IpPolicy office  rules: 2 unchanged",
      '~  HttpsEdge web  routes[path_prefix /debug]: {description: "opened by hand", match: "/debug", matchType: "path_prefix"} ⇒ (none)',
      "~  HttpsEdge web  routes: 2 unchanged",
    ]);
    // The webhook secrets are in the preview only as "[secret]", and nowhere in the review.
    expect(fixture("dynamic-drift")).toContain('"routeSecretModules": "[secret]"');
    expect(result.stdout).not.toMatch(/whsec|webhookVerification/);
  });

  test("hand edits (native plugin): a resource deleted in the account is drift; a list holding a secret shows masked", async () => {
    // The policy's description edited and a rule added, the route's compression removed, the API key deleted.
    const result = await review(["native-drift.json"]);
    expect(result).toMatchObject({ code: EXIT.drift, stderr: "" });
    expect(result.lines).toEqual([
      "edge-ingress review: 2 resources drifted, 1 resource changed",
      "Drift: the account differs from what the stack recorded (account ⇒ program: `pulumi up` sets it back)",
      "+  ApiKey deploy  deleted in the account; up makes it again",
      '~  IpPolicy office  description: "edited by hand" ⇒ "office"',
      '~  IpPolicy office  rules[192.0.2.0/24]: {action: "allow", cidr: "192.0.2.0/24"} ⇒ (none)',
      "~  IpPolicy office  rules: 5 unchanged",
      "Changes: the program changes the account (state ⇒ program)",
      // A route holds a webhook secret: the preview gives the whole list as "[secret]", both before and
      // after, so neither the route nor whether it is drift can be told (the provider names the field).
      "~  HttpsEdge web  routes (a secret in it): [secret] ⇒ [secret]",
    ]);
  });

  test("the program's changes: an added rule by its CIDR, a create in one line, a replace by its reason, a delete; exit 2", async () => {
    const result = await review(["dynamic-changes.json"]);
    expect(result).toMatchObject({ code: EXIT.changes, stderr: "" });
    expect(result.lines).toEqual([
      "edge-ingress review: 4 resources changed",
      "Changes: the program changes the account (state ⇒ program)",
      '~  IpPolicy office  rules[10.0.2.0/24]: (none) ⇒ {action: "allow", cidr: "10.0.2.0/24", description: "new"}',
      "~  IpPolicy office  rules: 2 unchanged",
      '+  ApiKey ci  create {description: "ci"}',
      '+- IpRestriction api  type: "api" ⇒ "dashboard"',
      "-  ApiKey deploy  delete",
    ]);
  });

  test("drift and changes together: each in its own section, a child of one policy in each; drift wins, exit 3", async () => {
    const result = await review(["dynamic-both.json"]);
    expect(result.code).toBe(EXIT.drift);
    const drift = result.lines.slice(
      result.lines.findIndex((l) => l.startsWith("Drift:")),
      result.lines.findIndex((l) => l.startsWith("Changes:")),
    );
    const changes = result.lines.slice(result.lines.findIndex((l) => l.startsWith("Changes:")));
    expect(drift).toContain('~  IpPolicy office  description: "edited by hand" ⇒ "office"');
    expect(changes).toContain(
      '~  IpPolicy office  rules[10.0.2.0/24]: (none) ⇒ {action: "allow", cidr: "10.0.2.0/24", description: "new"}',
    );
    expect(changes).toContain('+- IpRestriction api  type: "api" ⇒ "dashboard"');
    expect(drift.join("\n")).not.toContain("10.0.2.0/24");
  });

  test("markdown: the same rows as a table", async () => {
    const result = await review(["--format", "markdown", "dynamic-changes.json"]);
    expect(result.code).toBe(EXIT.changes);
    expect(result.lines.slice(0, 5)).toEqual([
      "### edge-ingress review: 4 resources changed",
      "",
      "**Changes**: the program changes the account (state ⇒ program)",
      "",
      "| | resource | field | old ⇒ new |",
    ]);
    expect(result.stdout).toContain('| +- | `IpRestriction api` | `type` | `"api"` ⇒ `"dashboard"` |');
    expect(result.stdout).toContain('| + | `ApiKey ci` | `create {description: "ci"}` |  |');
  });

  test("a secret shown in plain (pulumi preview --json --show-secrets) is masked by the kinds' declarations", async () => {
    const preview = JSON.parse(fixture("dynamic-drift"));
    const plain = { provider: "CODEHOST", secret: "whsec-plain-0123456789" };
    for (const step of preview.steps.filter((s: any) => s.urn.endsWith("HttpsEdge::web") && s.newState)) {
      const inputs = step.newState.inputs;
      inputs.routeSecretModules = [null, { webhookVerification: plain }];
      // The route moved to a match of its own: a change the review prints whole.
      inputs.routes[1] = { ...inputs.routes[1], match: "/hooks", webhookVerification: plain };
    }
    const result = await review([], JSON.stringify(preview));
    expect(result.code).toBe(EXIT.drift);
    expect(result.stdout).toContain("routes[path_prefix /hooks]");
    expect(result.stdout).not.toContain("whsec-plain");
    const created = JSON.parse(fixture("dynamic-changes"));
    const key = created.steps.find((s: any) => s.op === "create");
    // As an HTTPS edge would be created with a route that verifies webhooks.
    key.urn = key.urn.replace("ApiKey::ci", "HttpsEdge::hooks");
    key.newState.type = key.newState.type.replace("ApiKey", "HttpsEdge");
    key.newState.inputs.routes = [{ match: "/", matchType: "path_prefix", webhookVerification: plain }];
    const made = await review([], JSON.stringify(created));
    expect(made.stdout).toContain(
      '+  HttpsEdge hooks  create {description: "ci", routes: [{match: "/", matchType: "path_prefix", webhookVerification: [secret]}]}',
    );
  });

  test("a failed preview: its errors on stderr, exit 1", async () => {
    const result = await review(["dynamic-failed.json"]);
    expect(result).toMatchObject({ code: EXIT.error, stdout: "" });
    expect(result.stderr).toMatch(/^edge-ingress review: the preview failed:\n {2}office: .*rules\[0\]\.cidr: prefix length 33 is over 32/);
  });

  test("errors exit 1 with a message on stderr and nothing on stdout: bad usage, a missing file, not JSON, no steps", async () => {
    const cases: Array<[string[], string | undefined, RegExp]> = [
      [["--format", "html", "x.json"], undefined, /--format must be text or markdown, got "html"/],
      [["--bogus"], undefined, /Unknown option '--bogus'/],
      [["a.json", "b.json"], undefined, /one file at most, got 2/],
      [["no-such-file.json"], undefined, /no-such-file\.json: no such file/],
      [[], "Previewing update (dev):\n  + pulumi:pulumi:Stack", /not JSON .*give the output of `pulumi preview --json`/],
      [[], "[1, 2]", /expected an object with `steps`/],
      [[], JSON.stringify({ config: {}, changeSummary: {} }), /no `steps`/],
    ];
    for (const [args, stdin, message] of cases) {
      const result = await review(args, stdin);
      expect(result).toMatchObject({ code: EXIT.error, stdout: "", stderr: expect.stringMatching(message) });
    }
  });

  test("--help prints the usage and exits 0", async () => {
    const result = await review(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: edge-ingress review \[--format text\|markdown\] \[<file>\]/);
  });
});
