/**
 * examples/gitops: the workflow's pulumi commands, read from the YAML file, run exactly as written
 * (through bash, with the environment the workflow declares) on a stack of examples/quickstart (copied as
 * a repository holds it, the package installed from its tarball) against
 * the emulator: preview on a pull request (read by `edge-ingress review`), up on main, the drift gate
 * passing, then failing on an out-of-band change (review's exit 3), and passing again after the reconcile job.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { start, type Started } from "../support/emulator";
import { EdgeIngress } from "../../sdk";
import { REPO_ROOT, createStack, type CliResult, type TestStack } from "../../harness/engine";
import { expectSuccess } from "../support/engine-stack";
import { copyExample, installShared, removeInstalls, TRANSPILE_ONLY } from "../support/package-install";
import { pulumiCommands, runJob as runWorkflowJob, workflow } from "../support/workflow";

/** The workflow's `infra/` is, here, the quickstart program. */
const PROGRAM = copyExample("quickstart");

let started: Started;
let emulator: RunningEmulator;
let client: EdgeIngress;
let stack: TestStack;
let runnerTemp: string;
let stackConfig: string;

beforeAll(async () => {
  await installShared();
  started = await start();
  ({ emulator, client } = started);
  // The provider's credentials come from the environment, as the workflow gives them.
  stack = await createStack({
    programDir: PROGRAM,
    linkSelf: false,
    // The program is type-checked in examples.test.ts; here its commands only transpile it.
    env: { ...TRANSPILE_ONLY, EDGE_INGRESS_API_KEY: emulator.rootToken, EDGE_INGRESS_API_URL: emulator.url },
  });
  runnerTemp = fs.mkdtempSync(path.join(os.tmpdir(), "ei-runner-"));
  // As a repository commits Pulumi.<stack>.yaml beside its program.
  stackConfig = path.join(PROGRAM, `Pulumi.${stack.name}.yaml`);
  fs.copyFileSync(stack.configFile, stackConfig);
}, 300_000);

// No destroy at the end: the emulator goes with what the stack made (destroy is the contract suites').
afterAll(async () => {
  if (stackConfig) fs.rmSync(stackConfig, { force: true });
  if (runnerTemp) fs.rmSync(runnerTemp, { recursive: true, force: true });
  try {
    await stack?.remove();
  } finally {
    await started?.close();
    removeInstalls();
  }
});

/** Runs a job's pulumi commands as its steps would, in the program directory (the job's `infra/`). */
const runJob = (job: string): Promise<CliResult> =>
  runWorkflowJob(job, PROGRAM, { ...stack.env, PULUMI_STACK: stack.name, RUNNER_TEMP: runnerTemp });

describe("the workflow file", () => {
  test("runs preview on pull requests, up on main, the drift gate on a schedule and by hand", () => {
    expect(Object.keys(workflow.on).sort()).toEqual(["pull_request", "push", "schedule", "workflow_dispatch"]);
    expect(workflow.on.push.branches).toEqual(["main"]);
    expect(workflow.on.schedule[0].cron).toEqual(expect.any(String));
    expect(pulumiCommands("preview")).toEqual([
      "pulumi login",
      expect.stringMatching(/^pulumi preview --stack "\$PULUMI_STACK" --non-interactive/),
    ]);
    expect(pulumiCommands("up")).toEqual([
      "pulumi login",
      expect.stringMatching(/^pulumi up --stack "\$PULUMI_STACK" --non-interactive --yes/),
    ]);
    const gate = pulumiCommands("drift-gate");
    expect(gate[1]).toMatch(/^pulumi preview\b.* --refresh --json \| npx --no edge-ingress review$/);
    expect(pulumiCommands("reconcile")[1].split(" ")).toEqual(expect.arrayContaining(["up", "--refresh", "--yes"]));
    expect(workflow.jobs.preview.if).toContain("pull_request");
    expect(workflow.jobs.up.if).toContain("push");
    expect(workflow.jobs["drift-gate"].if).toContain("schedule");
  });

  test("uses only the checkout and setup-node actions, credentials from repository secrets, and this package's Pulumi version", () => {
    const uses = Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.uses ? [step.uses] : [])));
    for (const action of uses) expect(action).toMatch(/^actions\/(checkout|setup-node)@v\d+$/);
    for (const job of Object.values(workflow.jobs)) expect(job.defaults?.run?.["working-directory"]).toBe("infra");
    // eslint-disable-next-line no-template-curly-in-string -- a GitHub Actions expression, not a template
    expect(workflow.env.EDGE_INGRESS_API_KEY).toBe("${{ secrets.EDGE_INGRESS_API_KEY }}");
    // eslint-disable-next-line no-template-curly-in-string -- a GitHub Actions expression, not a template
    expect(workflow.env.PULUMI_CONFIG_PASSPHRASE).toBe("${{ secrets.PULUMI_CONFIG_PASSPHRASE }}");
    // eslint-disable-next-line no-template-curly-in-string -- a GitHub Actions expression, not a template
    expect(workflow.env.PULUMI_BACKEND_URL).toBe("${{ secrets.PULUMI_BACKEND_URL }}");
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
    expect(workflow.env.PULUMI_VERSION).toBe(pkg.devDependencies["@pulumi/pulumi"]);
  });
});

describe("the workflow's commands against the emulator", () => {
  let policy: string | undefined;
  const policyId = async () => (policy ??= (await stack.outputs()).outputs.policyId as string);

  test("pull request: the preview job passes, its review shows the creates, and it changes nothing", async () => {
    const result = await runJob("preview");
    expectSuccess(result);
    const review = fs.readFileSync(path.join(runnerTemp, "review.md"), "utf8");
    // The quickstart: a key, a policy with two rules, a restriction; changes (exit 2), no drift.
    expect(review).toMatch(/^### edge-ingress review: 5 resources changed$/m);
    expect(review).toMatch(/^\| \+ \| `IpPolicy office` \| `create \{description: "Office egress ranges"/m);
    expect(review).not.toContain("Drift");
    expect(JSON.parse(fs.readFileSync(path.join(runnerTemp, "preview.json"), "utf8")).steps.length).toBeGreaterThan(0);
    expect(await client.ipPolicies.list().toArray()).toEqual([]);
  });

  test("push to main: the up job applies the program", async () => {
    expectSuccess(await runJob("up"));
    expect((await client.ipPolicies.get(await policyId())).description).toBe("Office egress ranges");
    expect(await client.apiKeys.list().toArray()).toHaveLength(1);
  });

  test("a change made outside the pipeline fails the drift gate, which names the resource and the field", async () => {
    await client.ipPolicies.update(await policyId(), { description: "edited in the console" });
    const result = await runJob("drift-gate");
    expect(result.code).not.toBe(0);
    // edge-ingress review: 3 is drift; the field as the account has it, then as main declares it.
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/^Drift: /m);
    expect(result.stdout).toMatch(/^~ +IpPolicy office {2}description: "edited in the console" ⇒ "Office egress ranges"$/m);
    // The gate only reads: the service still has the edit.
    expect((await client.ipPolicies.get(await policyId())).description).toBe("edited in the console");
  });

  // The gate passing while the service matches main is proven here, after the reconcile (and after an
  // up in team-state.test.ts), not once more right after the up job.
  test("the reconcile job puts main's configuration back, and the drift gate passes while the service matches main", async () => {
    expectSuccess(await runJob("reconcile"));
    expect((await client.ipPolicies.get(await policyId())).description).toBe("Office egress ranges");
    expectSuccess(await runJob("drift-gate"));
  });
});
