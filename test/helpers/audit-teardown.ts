/** jest globalTeardown: the secret audit of the whole run (see audit.ts); a leak fails the run. */
import { AUDIT_DIR_ENV, auditOrThrow } from "./audit";

export default function teardown(): void {
  const dir = process.env[AUDIT_DIR_ENV];
  if (!dir) return;
  const { secrets, records } = auditOrThrow(dir);
  process.stderr.write(`Secret audit: no plaintext secret in ${records} recorded outputs, states and logs (${secrets} secrets registered).\n`);
}
