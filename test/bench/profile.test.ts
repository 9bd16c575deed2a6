/** The profile summaries of `npm run bench -- --profile DIR` (bench/profile.ts), on made-up profiles. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { byArea, profileTable, summarize } from "../../bench/profile";

// Samples of 1, 2, 4, 8 and 16 ms in zod, undici, this package, the garbage collector and idle time.
const profile = (scale: number) => ({
  nodes: [
    { id: 1, callFrame: { functionName: "parse", url: "file:///p/node_modules/zod/v4/core/parse.cjs" } },
    { id: 2, callFrame: { functionName: "request", url: "file:///p/node_modules/undici/lib/dispatcher/client.js" } },
    {
      id: 3,
      callFrame: { functionName: "check", url: "file:///p/node_modules/@edge-ingress/pulumi/dist/provider/framework/lifecycle.js" },
    },
    { id: 4, callFrame: { functionName: "(garbage collector)", url: "" } },
    { id: 5, callFrame: { functionName: "(idle)", url: "" } },
  ],
  samples: [1, 2, 3, 4, 5],
  timeDeltas: [1000, 2000, 4000, 8000, 16000].map((t) => t * scale),
});

test("CPU is attributed by the sampled function's script; idle time is left out", () => {
  expect(byArea(profile(1))).toEqual({ zod: 1, "HTTP client and sockets": 2, "this package": 4, "garbage collector": 8 });
});

test("profiles are summed per stack, phase and role, and tabled mix against floor in the phases' order", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-profile-"));
  try {
    const write = (entry: string, file: string, scale: number) => {
      fs.mkdirSync(path.join(dir, entry), { recursive: true });
      fs.writeFileSync(path.join(dir, entry, file), JSON.stringify(profile(scale)));
    };
    write("bench-6-preview", "provider-11.cpuprofile", 1);
    write("bench-6-preview", "provider-12.cpuprofile", 2);
    write("bench-6-create", "provider-13.cpuprofile", 1);
    write("floor-6-create", "provider-14.cpuprofile", 3);
    fs.writeFileSync(path.join(dir, "bench-6-create", "engine.13.cpu"), "not a V8 profile");
    expect(summarize(dir)["bench-6-preview"].provider.zod).toBe(3);
    const provider = profileTable(dir).split("\n\n")[1].split("\n");
    expect(provider[0]).toBe("| area | 6-create | 6-preview |");
    expect(provider).toContain("| zod | 1 / 3 | 3 / 0 |");
    expect(provider).toContain("| total | 15 / 45 | 45 / 0 |");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
