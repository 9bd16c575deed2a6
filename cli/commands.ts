/**
 * The commands of `edge-ingress`, as a table: each has a name, a usage text and a `run` that returns the
 * exit code. `main` dispatches by name; a failure a command did not handle is reported under the
 * command's name, with the command's own exit code for it. Adding a command is one entry here.
 */
import { EXIT as AUDIT_EXIT, USAGE as AUDIT_USAGE, runAudit } from "./audit";
import { USAGE as EXPORT_USAGE, runExport } from "./export";
import type { CliIo } from "./io";
import { EXIT as REVIEW_EXIT, USAGE as REVIEW_USAGE, runReview } from "./review";

export interface Command {
  readonly name: string;
  /** One line for `edge-ingress --help`. */
  readonly summary: string;
  /** The command's `--help`. */
  readonly usage: string;
  /** Runs with the arguments after the name; returns the exit code. */
  run(args: string[], io: CliIo): Promise<number>;
  /** The exit code of a failure `run` did not handle. */
  readonly failed: number;
}

export const COMMANDS: readonly Command[] = [
  {
    name: "export",
    summary: "write a Pulumi program that adopts every resource of the account",
    usage: EXPORT_USAGE,
    run: runExport,
    failed: 1,
  },
  {
    name: "audit",
    summary: "report what in the account no stack declares, and what a stack records that is gone",
    usage: AUDIT_USAGE,
    run: runAudit,
    // An audit that failed unexpectedly read nothing it could vouch for: "could not read".
    failed: AUDIT_EXIT.unreadable,
  },
  {
    name: "review",
    summary: "print what `pulumi preview --json` changes, field by field, telling drift from the program's changes",
    usage: REVIEW_USAGE,
    run: runReview,
    // 2 and 3 say "changes" and "drift": a failure must not read as either.
    failed: REVIEW_EXIT.error,
  },
];

/** `edge-ingress --help`: the table, then each command's usage. */
export function help(commands: readonly Command[] = COMMANDS): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    "Usage: edge-ingress <command> [options]   (edge-ingress <command> --help for one command)",
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    ...commands.map((c) => `${c.usage}\n`),
  ].join("\n");
}

/** Runs the command `argv` names; returns the exit code. Bad usage of the command line itself: 2. */
export async function main(argv: readonly string[], io: CliIo, commands: readonly Command[] = COMMANDS): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    io.stdout(help(commands));
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    const names = commands.map((c) => c.name).join(", ");
    io.stderr(`edge-ingress: ${name ? `unknown command "${name}"` : "a command is required"} (commands: ${names}; --help lists them)\n`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    // sdk errors never contain the key or a secret value.
    io.stderr(`edge-ingress ${command.name}: ${(e as Error).message}\n`);
    return command.failed;
  }
}
