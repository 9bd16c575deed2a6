/** `npm run bench -- --large <n>`: bench/large.ts's run, its table printed and its JSON written. */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "../harness/engine";
import { largeTable, runLarge } from "./large";

function whole(name: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name} must be a whole number of at least ${min}, got ${JSON.stringify(text)}`);
  return value;
}

/** `--large <n> [--latency ms] [--parallel P] [--out FILE]`; any other option is refused by name. */
export function parseLargeArgs(argv: string[]): { rules: number; latencyMs: number; parallel?: number; out?: string } {
  const { values } = parseArgs({
    args: argv,
    options: {
      large: { type: "string" },
      latency: { type: "string", default: "0" },
      parallel: { type: "string" },
      out: { type: "string" },
    },
  });
  if (values.large === undefined) throw new Error("--large needs a value: the number of rules");
  // Distinct /32s in 10.0.0.0/8 (bench/native.ts's allowlistStack).
  const rules = whole("large", values.large, 1);
  if (rules > 1 << 24) throw new Error(`--large must be at most ${1 << 24}, got ${rules}`);
  return {
    rules,
    latencyMs: whole("latency", values.latency, 0),
    parallel: values.parallel === undefined ? undefined : whole("parallel", values.parallel, 1),
    out: values.out,
  };
}

export async function largeMain(argv: string[]): Promise<void> {
  const { out: outArg, ...options } = parseLargeArgs(argv);
  const result = await runLarge({ ...options, log: (line) => console.error(line) });
  const stamp = result.date.slice(0, 16).replace(/[:T]/g, "-");
  const out = outArg ?? path.join(REPO_ROOT, "bench", "results", `bench-large-${result.rules}-${stamp}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(result, null, 2) + "\n");
  console.log(largeTable(result));
  console.log(`\nwrote ${path.relative(process.cwd(), out)}`);
}
