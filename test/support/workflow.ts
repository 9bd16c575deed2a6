/**
 * examples/gitops's workflow file, read as the runner would: the pulumi command lines of each job, and
 * running a job's commands one by one as its steps would (bash -eo pipefail), for the e2e suites that
 * play the pipeline (test/e2e/gitops.test.ts, test/e2e/team-state.test.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { REPO_ROOT, runCommand, type CliResult } from "../../harness/engine";

export const WORKFLOW = path.join(REPO_ROOT, "examples", "gitops", ".github", "workflows", "edge-ingress.yml");

export interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
export interface Job {
  if?: string;
  defaults?: { run?: { "working-directory"?: string } };
  steps: Step[];
}
export interface Workflow {
  on: Record<string, any>;
  env: Record<string, string>;
  jobs: Record<string, Job>;
}

export const workflow = parse(fs.readFileSync(WORKFLOW, "utf8")) as Workflow;

/** The pulumi command lines of a job's `run:` steps, in order, exactly as written. */
export function pulumiCommands(job: string): string[] {
  return workflow.jobs[job].steps
    .flatMap((step) => (step.run ?? "").split("\n"))
    .map((line) => line.trim())
    .filter((line) => /^pulumi\s/.test(line));
}

/**
 * Runs a job's pulumi commands in `cwd` (the job's `infra/`) with `env` (which must hold PULUMI_STACK and
 * whatever the lines use), stopping at the first failure. stdout and stderr are those of every line run.
 */
export async function runJob(job: string, cwd: string, env: NodeJS.ProcessEnv): Promise<CliResult> {
  let last: CliResult = { code: 0, stdout: "", stderr: "" };
  let stdout = "";
  let stderr = "";
  for (const line of pulumiCommands(job)) {
    last = await runCommand("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", line], { cwd, env });
    stdout += last.stdout;
    stderr += last.stderr;
    if (last.code !== 0) break;
  }
  return { code: last.code, stdout, stderr };
}
