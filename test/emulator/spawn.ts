/** Runs the built CLI (dist/emulator/cli.js) as a child process, for tests of flags and of kill -9. */
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

export const CLI = path.resolve(__dirname, "../../dist/emulator/cli.js");

export interface Cli {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Exit code, or the signal name if killed by one. */
  exit: Promise<number | string>;
  /** The first stdout line (the base URL); rejects with stderr if the process exits first. */
  url: Promise<string>;
}

const running: Cli[] = [];

/** Kill every CLI still running (for afterEach). */
export function killAll(): void {
  for (const cli of running.splice(0)) if (cli.child.exitCode === null && cli.child.signalCode === null) cli.child.kill("SIGKILL");
}

export function requireBuiltCli(): void {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` before these tests`);
}

export function spawnCli(args: string[]): Cli {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, EDGE_INGRESS_EMULATOR_ROOT_TOKEN: undefined },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const exit = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (d) => {
      out += d;
      const line = /^(.*)\n/.exec(out);
      if (line) resolve(line[1]);
    });
    void exit.then((code) => reject(new Error(`exited ${code} before printing its URL: ${err}`)));
  });
  url.catch(() => undefined); // a caller that never asks for the URL must not see an unhandled rejection
  child.stderr!.on("data", (d) => (err += d));
  const cli = { child, stdout: () => out, stderr: () => err, exit, url };
  running.push(cli);
  return cli;
}
