/**
 * Summaries of the V8 profiles `npm run bench -- --profile DIR` writes (bench/profile-hook.ts): CPU
 * self time by area, so that the mix's extra cost over the floor shows where it goes. `node
 * .cache/bench/bench/profile.js DIR` prints them for a directory written earlier. The engine's Go
 * profiles (`<stack>-<phase>/engine.<pid>.cpu`) are read with `go tool pprof -top <pulumi binary> FILE`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { PHASES, type Phase } from "./run";

/** Areas, in the order printed; the first whose rule matches a sampled function's script wins. */
export const AREAS: ReadonlyArray<readonly [string, (url: string) => boolean]> = [
  ["zod", (u) => /node_modules\/zod\//.test(u)],
  [
    "HTTP client and sockets",
    (u) =>
      u.startsWith("wasm://") ||
      /node_modules\/undici\/|internal\/deps\/undici|^node:net$|stream_base_commons|node:internal\/streams/.test(u),
  ],
  ["this package", (u) => /\/dist\/(sdk|provider|runtime)\//.test(u)],
  ["gRPC and protobuf", (u) => /grpc-js|node:internal\/http2|google-protobuf|@pulumi\/pulumi\/proto\//.test(u)],
  // The Node SDK maps a stack trace per registration and per output property through source maps.
  ["stack traces (source-map-support)", (u) => /node_modules\/source-map(-support)?\//.test(u)],
  ["module loading", (u) => /^node:internal\/(modules|bootstrap)|^node:(internal\/)?fs|^node:path/.test(u)],
];
export const OTHER = "other";
export const GC = "garbage collector";

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string } }>;
  samples: number[];
  timeDeltas: number[];
}

/** CPU ms of one profile by area (idle time left out). */
export function byArea(profile: CpuProfile): Record<string, number> {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const out: Record<string, number> = {};
  profile.samples.forEach((id, i) => {
    const { functionName, url } = nodes.get(id)!;
    if (functionName === "(idle)") return;
    const area = functionName === "(garbage collector)" ? GC : (AREAS.find(([, test]) => test(url))?.[0] ?? OTHER);
    out[area] = (out[area] ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000;
  });
  return out;
}

/** Per `<stack>-<phase>` directory and role (program, provider): CPU ms by area, summed over processes. */
export function summarize(dir: string): Record<string, Record<string, Record<string, number>>> {
  const out: Record<string, Record<string, Record<string, number>>> = {};
  for (const entry of fs.readdirSync(dir).sort()) {
    const sub = path.join(dir, entry);
    if (!fs.statSync(sub).isDirectory()) continue;
    for (const file of fs.readdirSync(sub).filter((f) => f.endsWith(".cpuprofile"))) {
      const role = file.split("-")[0];
      const areas = byArea(JSON.parse(fs.readFileSync(path.join(sub, file), "utf8")) as CpuProfile);
      const sums = ((out[entry] ??= {})[role] ??= {});
      for (const [area, ms] of Object.entries(areas)) sums[area] = (sums[area] ?? 0) + ms;
    }
  }
  return out;
}

/** One table per role: rows are areas, columns `mix / floor` per N and phase (stacks `bench-<n>`, `floor-<n>`). */
export function profileTable(dir: string): string {
  const s = summarize(dir);
  // `bench-<n>-<phase>` → `<n>-<phase>`, by N, then in the phases' order.
  const order = (c: string) => [Number(c.split("-")[0]), PHASES.indexOf(c.split("-")[1] as Phase)];
  const columns = Object.keys(s)
    .filter((k) => k.startsWith("bench-"))
    .map((k) => k.slice("bench-".length))
    .sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1]);
  const areas = [...AREAS.map(([a]) => a), GC, OTHER];
  const lines: string[] = [];
  for (const role of ["provider", "program"]) {
    lines.push(
      "",
      `${role} process, CPU ms by area, mix / floor (${dir})`,
      "",
      `| area | ${columns.join(" | ")} |`,
      `|---|${columns.map(() => "---|").join("")}`,
    );
    const cell = (stack: string, area: string | null) => {
      const sums = s[stack]?.[role] ?? {};
      return Math.round(area === null ? Object.values(sums).reduce((a, b) => a + b, 0) : (sums[area] ?? 0));
    };
    for (const area of [...areas, null]) {
      lines.push(`| ${area ?? "total"} | ${columns.map((c) => `${cell(`bench-${c}`, area)} / ${cell(`floor-${c}`, area)}`).join(" | ")} |`);
    }
  }
  return lines.join("\n");
}

if (require.main === module) {
  const [dir] = process.argv.slice(2);
  if (!dir) {
    console.error("usage: node .cache/bench/bench/profile.js DIR");
    process.exit(2);
  }
  console.log(profileTable(dir));
}
