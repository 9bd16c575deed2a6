/** jest globalTeardown: the secret audit of the whole run (see audit.ts); a leak fails the run. */
import { AUDIT_DIR_ENV, auditOrThrow } from "../../harness/audit";

export default function teardown(): void {
  const dir = process.env[AUDIT_DIR_ENV];
  if (!dir) return;
  // EI_SECRET_AUDIT_KEEP=1 keeps the records of a clean run too, to see what was checked.
  const keep = process.env.EI_SECRET_AUDIT_KEEP === "1";
  const { secrets, records } = auditOrThrow(dir, keep);
  const kept = keep ? ` Records kept in ${dir}.` : "";
  process.stderr.write(
    `Secret audit: no plaintext secret in ${records} recorded outputs, states and logs (${secrets} secrets registered).${kept}\n`,
  );
}
