/** jest globalTeardown: removes the run's shared directory, then the secret audit of the whole run (a leak fails it). */
import * as fs from "node:fs";
import auditTeardown from "./audit-teardown";
import { RUN_DIR_ENV } from "./package-install";

export default function teardown(): void {
  const dir = process.env[RUN_DIR_ENV];
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  auditTeardown();
}
