/**
 * Runs a command to its end, whatever its exit code, and records what it prints for the secret audit
 * (./audit.ts); with EI_COMMAND_PROFILE set, also its wall and CPU seconds.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { record, testContext } from "./audit";
import { withNodeFirst } from "./tools";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; `env` defaults to this process's, with the running Node.js first on PATH. */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
): Promise<CliResult> {
  const env = options.env ?? { ...process.env, PATH: withNodeFirst(process.env.PATH) };
  const profile = commandProfile(command, args);
  return new Promise((resolve, reject) => {
    const child = spawn(profile?.command ?? command, profile?.args ?? args, { cwd: options.cwd, env, stdio: ["pipe", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const result = {
        code: code ?? (signal ? 128 : 1),
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
      };
      // Everything a command prints goes to the secret audit, unless it was asked to show secrets.
      if (!args.includes("--show-secrets")) {
        const name = [path.basename(command), ...args.slice(0, 2).filter((a) => !a.startsWith("-"))].join(" ");
        record(`${name} stdout${testContext()}`, result.stdout);
        record(`${name} stderr${testContext()}`, result.stderr);
      }
      profile?.done();
      resolve(result);
    });
    child.stdin.end(options.input ?? "");
  });
}

/**
 * With EI_COMMAND_PROFILE naming a file, each command runs under /usr/bin/time and appends one JSON line:
 * the command, the test, wall seconds and CPU seconds (user and system) of the command and every process
 * it started and waited for (the language host, the program, the provider). For finding where the suite's
 * time goes (CONTRIBUTING.md); the tests never read it.
 */
function commandProfile(command: string, args: string[]): { command: string; args: string[]; done(): void } | undefined {
  const file = process.env.EI_COMMAND_PROFILE;
  if (!file) return undefined;
  const times = path.join(os.tmpdir(), `ei-time-${process.pid}-${randomBytes(4).toString("hex")}`);
  return {
    command: "/usr/bin/time",
    args: ["-q", "-f", "%e %U %S", "-o", times, command, ...args],
    done() {
      try {
        const [wall, user, sys] = fs.readFileSync(times, "utf8").trim().split("\n").pop()!.split(" ").map(Number);
        const name = [path.basename(command), ...args.filter((a) => !a.startsWith("-")).slice(0, 2)].join(" ");
        const flags = args.filter((a) => ["--refresh", "--skip-preview", "--expect-no-changes", "--json", "--show-secrets"].includes(a));
        fs.appendFileSync(file, `${JSON.stringify({ command: name, flags, test: testContext(), wall, cpu: +(user + sys).toFixed(2) })}\n`);
      } catch {
        // A command killed before time wrote its line: nothing to record.
      } finally {
        fs.rmSync(times, { force: true });
      }
    },
  };
}
