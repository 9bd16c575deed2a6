/**
 * Preloaded (`NODE_OPTIONS=--require …`) into the stack's Node processes by `npm run bench -- --profile
 * DIR`: profiles the program and the dynamic provider process with V8's profiler and writes
 * `<role>-<pid>.cpuprofile` into $EI_BENCH_PROFILE_DIR. The engine ends the provider process with a
 * signal, which `--cpu-prof` would not survive, so the profile is written on SIGINT/SIGTERM as well as
 * at exit. Other Node processes (the language host's `node -e` look-ups) are left alone.
 */
import * as fs from "node:fs";
import * as inspector from "node:inspector";
import * as path from "node:path";
import { classify } from "./measure";

// The benchmark's own classification of a process by its command line.
const role = classify(process.argv);
const dir = process.env.EI_BENCH_PROFILE_DIR;

if ((role === "program" || role === "provider") && dir) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.start");
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    // The session runs on this thread: the callback comes before post returns.
    session.post("Profiler.stop", (err, result) => {
      if (!err) fs.writeFileSync(path.join(dir, `${role}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      write();
      process.exit(0);
    });
  }
  process.once("exit", write);
}
