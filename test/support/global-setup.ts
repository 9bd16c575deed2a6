/** jest globalSetup: the secret audit's directory, and a directory the run's test files share (package-install.ts). */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import auditSetup from "./audit-setup";
import { RUN_DIR_ENV } from "./package-install";

export default function setup(): void {
  auditSetup();
  // Workers start after this and inherit the variable.
  process.env[RUN_DIR_ENV] = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ei-test-run-")));
}
