/**
 * examples/gitops's workflow for a repository without a Node.js project (edge-ingress-native.yml): its
 * set-up read from the file (the package installed globally at the pinned version, no npx, npm ci or
 * package.json), and its commands run exactly as written (bash -eo pipefail, the workflow's environment)
 * in a copy of examples/quickstart-yaml, with the packed package's plugin and `edge-ingress` commands on
 * PATH as a global install puts them, against the emulator. A command piped into `edge-ingress review`
 * runs up to the pipe here; the review's own behaviour is test/cli/review.test.ts's.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { REPO_ROOT, createStack, engineEnv, runCommand, type CliResult, type TestStack } from "../../harness/engine";
import { toolsBin } from "../../harness/native";
import { start, type Started } from "../support/emulator";
import { expectSuccess } from "../support/engine-stack";
import { EXAMPLES, installShared, removeInstalls, tempDir } from "../support/package-install";
import type { Workflow } from "../support/workflow";

const FILE = path.join(REPO_ROOT, "examples", "gitops", ".github", "workflows", "edge-ingress-native.yml");
const workflow = parse(fs.readFileSync(FILE, "utf8")) as Workflow;
/** The review's fixed interface: `pulumi preview … --json` piped into it. */
const REVIEW = "| edge-ingress review --format markdown";

/** Every line of a job's `run:` steps, trimmed, in order. */
const lines = (job: string): string[] =>
  workflow.jobs[job].steps.flatMap((step) => (step.run ?? "").split("\n")).map((line) => line.trim());
/** The one line of a job that starts with `start`. */
function line(job: string, start: string): string {
  const found = lines(job).filter((l) => l.startsWith(start));
  expect({ job, start, found: found.length }).toEqual({ job, start, found: 1 });
  return found[0];
}

describe("the workflow file", () => {
  test("the TypeScript workflow's triggers and jobs; each job installs the package globally at the pinned version, then the Pulumi CLI", () => {
    expect(Object.keys(workflow.on).sort()).toEqual(["pull_request", "push", "schedule", "workflow_dispatch"]);
    expect(Object.keys(workflow.jobs)).toEqual(["preview", "up", "drift-gate", "reconcile"]);
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
    expect(workflow.env.EDGE_INGRESS_VERSION).toBe(pkg.version);
    expect(workflow.env.PULUMI_VERSION).toBe(pkg.devDependencies["@pulumi/pulumi"]);
    for (const [name, job] of Object.entries(workflow.jobs)) {
      expect(job.defaults?.run?.["working-directory"]).toBe("infra");
      const uses = job.steps.flatMap((step) => (step.uses ? [step.uses] : []));
      expect({ name, uses }).toEqual({ name, uses: ["actions/checkout@v4", "actions/setup-node@v4", "actions/setup-go@v5"] });
      const run = lines(name);
      expect(run).toContain('npm install --global "@edge-ingress/pulumi@$EDGE_INGRESS_VERSION"');
      expect(run).toContain('curl -fsSL https://get.pulumi.com | sh -s -- --version "$PULUMI_VERSION"');
      expect(run.join("\n")).not.toMatch(/\bnpx\b|npm ci|package(-lock)?\.json/);
      // setup-node caches nothing: there is no lock file to key it on.
      expect(job.steps.find((s) => s.uses?.startsWith("actions/setup-node"))?.with).toEqual({ "node-version": 24 });
    }
  });

  test("the pull request's preview and the drift gate go through edge-ingress review as its interface fixes; the audit is a global command", () => {
    expect(line("preview", "pulumi preview")).toContain(`pulumi preview --json --stack "$PULUMI_STACK" --non-interactive ${REVIEW} `);
    expect(line("drift-gate", "pulumi preview")).toBe(`pulumi preview --refresh --json --stack "$PULUMI_STACK" ${REVIEW}`);
    expect(line("drift-gate", "edge-ingress audit")).toBe('edge-ingress audit --stack "$PULUMI_STACK"');
    expect(line("up", "pulumi up")).toMatch(/^pulumi up --stack "\$PULUMI_STACK" --non-interactive --yes/);
    expect(line("reconcile", "pulumi up").split(" ")).toEqual(expect.arrayContaining(["--refresh", "--yes"]));
  });
});

describe("the workflow's commands on a Pulumi YAML infra/ against the emulator", () => {
  const infra = tempDir("ei-gitops-native-infra-");
  const bin = tempDir("ei-gitops-native-bin-");
  let emu: Started;
  let stack: TestStack;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const shared = await installShared();
    // A global install's bin directory: the package's plugin and commands; the YAML host beside them.
    for (const command of ["pulumi-resource-edgeingress", "edge-ingress"])
      fs.symlinkSync(path.join(shared, "node_modules", ".bin", command), path.join(bin, command));
    fs.symlinkSync(path.join(toolsBin(), "pulumi-language-yaml"), path.join(bin, "pulumi-language-yaml"));
    fs.cpSync(path.join(EXAMPLES, "quickstart-yaml"), infra, { recursive: true });
    emu = await start();
    stack = await createStack({
      programDir: infra,
      linkSelf: false,
      env: {
        PATH: [bin, engineEnv().PATH].join(path.delimiter),
        EDGE_INGRESS_API_KEY: emu.emulator.rootToken,
        EDGE_INGRESS_API_URL: emu.emulator.url,
      },
    });
    // As the repository commits Pulumi.<stack>.yaml beside its program.
    fs.copyFileSync(stack.configFile, path.join(infra, `Pulumi.${stack.name}.yaml`));
    env = { ...stack.env, PULUMI_STACK: stack.name, RUNNER_TEMP: tempDir("ei-runner-") };
  }, 300_000);

  afterAll(async () => {
    try {
      if (stack)
        await runCommand("pulumi", ["destroy", "--stack", stack.name, "--yes", "--non-interactive"], { cwd: infra, env: stack.env });
    } finally {
      await stack?.remove();
      await emu?.close();
      removeInstalls();
    }
  });

  /** A command line as its step runs it, in infra/; one piped into the review up to the pipe. */
  const run = (command: string): Promise<CliResult> =>
    runCommand("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", command.split(` ${REVIEW}`)[0]], { cwd: infra, env });
  const steps = (json: string) =>
    (JSON.parse(json).steps as Array<{ op: string; urn: string; diffReasons?: string[] }>).filter(
      (s) => !["same", "refresh"].includes(s.op),
    );
  let policy: string | undefined;
  const policyId = async () => (policy ??= (await stack.outputs()).outputs.policyId as string);

  test("pull request: the preview passes, lists the creates and changes nothing", async () => {
    expect(fs.existsSync(path.join(infra, "package.json"))).toBe(false);
    const result = await run(line("preview", "pulumi preview"));
    expectSuccess(result);
    const created = steps(result.stdout);
    expect(created.every((s) => s.op === "create")).toBe(true);
    expect(created.map((s) => s.urn.split("::").pop()).sort()).toEqual(
      ["api-access", "deploy", "office", "office-v4", "office-v6", `quickstart-${stack.name}`].sort(),
    );
    expect(await emu.client.ipPolicies.list().toArray()).toEqual([]);
  });

  test("push to main: pulumi login and up apply the program; reconcile then changes nothing", async () => {
    for (const command of [line("up", "pulumi login"), line("up", "pulumi up")]) expectSuccess(await run(command));
    expect((await emu.client.ipPolicies.get(await policyId())).description).toBe("Office egress ranges");
    const reconcile = await run(line("reconcile", "pulumi up"));
    expectSuccess(reconcile);
    expect(reconcile.stdout).not.toMatch(/[+~-] +edgeingress:index/);
  });

  test("a description edited by hand: the drift gate's preview reports the policy's update, changing nothing", async () => {
    await emu.client.ipPolicies.update(await policyId(), { description: "edited in the console" });
    const result = await run(line("drift-gate", "pulumi preview"));
    expectSuccess(result);
    expect(steps(result.stdout).map((s) => [s.op, s.urn.split("::").pop(), s.diffReasons])).toEqual([
      ["update", "office", ["description"]],
    ]);
    expect((await emu.client.ipPolicies.get(await policyId())).description).toBe("edited in the console");
  });

  test("a rule added by hand: the audit, a global command in infra/ without package.json, fails naming it", async () => {
    const rule = await emu.client.ipPolicyRules.create({ ipPolicyId: await policyId(), cidr: "0.0.0.0/0", action: "allow" });
    const result = await run(line("drift-gate", "edge-ingress audit"));
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).toContain(rule.id);
  });
});
