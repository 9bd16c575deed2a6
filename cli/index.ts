#!/usr/bin/env node
/**
 * edge-ingress: the package's command line. The commands are a table (cli/commands.ts): `export` writes
 * a Pulumi program adopting the account; `audit` reports what in the account no stack declares;
 * `review` prints what a preview changes.
 * The API key comes only from the environment: a key on a command line leaks into process lists and
 * shell history.
 */
import { main } from "./commands";

void main(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then((code) => {
  process.exitCode = code;
});
