/** jest globalSetup: the directory where this run's secrets and records are collected (see audit.ts). */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { AUDIT_DIR_ENV } from "../../harness/audit";

export default function setup(): void {
  // Workers start after this and inherit the variable.
  process.env[AUDIT_DIR_ENV] = fs.mkdtempSync(path.join(os.tmpdir(), "ei-secret-audit-"));
}
