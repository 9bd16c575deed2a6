/**
 * The secret audit of a test run: tests register every secret value they use, the stack runner and the
 * emulators record what they print and store, and after the whole run (jest globalTeardown) every
 * record is scanned for every secret. A finding names the place and the kind of secret, never the value.
 *
 * Registered secrets and records are kept as JSON lines in the directory named by EI_SECRET_AUDIT_DIR
 * (made by the globalSetup; one file per process, so parallel workers never interleave). Outside a
 * jest run (the variable unset) registering and recording do nothing.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { LogEntry } from "../emulator";

export const AUDIT_DIR_ENV = "EI_SECRET_AUDIT_DIR";
/** Shorter values could match by chance: tests choose longer secrets. */
export const MIN_SECRET_LENGTH = 8;
/** A line of a multi-line secret (a PEM body line is 64) is a leak on its own from this length. */
const MIN_LINE_LENGTH = 32;

interface SecretEntry {
  kind: string;
  value: string;
}
interface RecordEntry {
  place: string;
  text: string;
}

const auditDir = (): string | undefined => process.env[AUDIT_DIR_ENV] || undefined;
/** True while a jest run collects for the audit. */
export const auditing = (): boolean => auditDir() !== undefined;

function append(dir: string, prefix: "secrets" | "records", entry: SecretEntry | RecordEntry): void {
  fs.appendFileSync(path.join(dir, `${prefix}-${process.pid}.jsonl`), `${JSON.stringify(entry)}\n`);
}

/** A secret value the tests use (e.g. kind "API key token"). */
export function registerSecret(kind: string, value: string, dir = auditDir()): void {
  if (value.length < MIN_SECRET_LENGTH) throw new Error(`a registered ${kind} must have at least ${MIN_SECRET_LENGTH} characters`);
  if (dir) append(dir, "secrets", { kind, value });
}

/** A secret config value, and each string inside it when it is JSON (a map of secrets). */
export function registerSecretConfig(key: string, value: string, dir = auditDir()): void {
  const kind = `secret config value ${key}`;
  const leaves: string[] = [value];
  try {
    const walk = (v: unknown): void => {
      if (typeof v === "string") leaves.push(v);
      else if (v !== null && typeof v === "object") Object.values(v).forEach(walk);
    };
    walk(JSON.parse(value));
  } catch {
    // not JSON: the value alone
  }
  for (const leaf of new Set(leaves)) if (leaf.length >= MIN_SECRET_LENGTH) registerSecret(kind, leaf, dir);
}

// How the engine marks a secret in `stack export --show-secrets`: {<sig key>: <secret sig>, plaintext}.
const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
/** A value the engine marks secret in an export: `plaintext` with `--show-secrets`, `ciphertext` without. */
export const isMarkedSecret = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && (value as Record<string, unknown>)[SECRET_SIG_KEY] === SECRET_SIG;
/** `value` with each secret the engine marks replaced by `replace(secret)`, everything else copied as it is. */
export function mapMarkedSecrets(value: unknown, replace: (secret: Record<string, unknown>) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => mapMarkedSecrets(v, replace));
  if (value === null || typeof value !== "object") return value;
  if (isMarkedSecret(value)) return replace(value);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapMarkedSecrets(v, replace)]));
}
/**
 * Names of secret fields (`token`, `keyTokens`, `clientSecret`, `secret`, `secretAccessKey`, `apiKey`,
 * `privateKeyPem`): a secret value often holds plain fields too (a whole event target, an OAuth module).
 */
const SECRET_NAME = /(^|[a-z])(tokens?|secrets?|password|passphrase)$|^secret|^api_?key$|^private_?key_?pem$/i;

/**
 * Registers the secrets a stack's state holds, from `stack export --show-secrets` output: each string
 * under a secret field's name, marked secret by the engine or not (unmarked, it is a leak the scan then
 * finds in the state). Kind: `<resource type> <path>`.
 */
export function registerStateSecrets(exported: string, dir = auditDir()): void {
  if (!dir) return;
  const resources = (JSON.parse(exported).deployment?.resources ?? []) as Array<{ type: string }>;
  const visit = (value: unknown, where: string[], type: string): void => {
    if (typeof value === "string") {
      if (value.length >= MIN_SECRET_LENGTH && where.some((w) => SECRET_NAME.test(w))) {
        registerSecret(`${type} ${where.join(".")}`, value, dir);
      }
    } else if (value !== null && typeof value === "object") {
      if (isMarkedSecret(value) && typeof value.plaintext === "string") {
        visit(JSON.parse(value.plaintext), where, type);
        return;
      }
      for (const [key, inner] of Object.entries(value)) visit(inner, [...where, key], type);
    }
  };
  for (const resource of resources) {
    const { type, ...rest } = resource as { type: string; [key: string]: unknown };
    for (const section of ["inputs", "outputs"]) visit(rest[section], [section], type);
  }
}

/** Text that must hold no secret: a command's output, a state file, a log line. */
export function record(place: string, text: string, dir = auditDir()): void {
  if (dir && text) append(dir, "records", { place, text });
}

/** Every file under `root` (a stack's backend: its state, history and backups). */
export function recordTree(place: string, root: string, dir = auditDir()): void {
  if (!dir || !fs.existsSync(root)) return;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    record(`${place}: ${path.relative(root, file)}`, fs.readFileSync(file, "utf8"), dir);
  }
}

/** A log sink for `startEmulator({ log })`: every entry is recorded under `place`. */
export function emulatorLog(place: string): (entry: LogEntry) => void {
  return (entry) => record(`log of ${place}${testContext()}`, `${entry.level}: ${entry.message}`);
}

/** ` in <test file> › <test name>` while jest runs a test, for naming a place. */
export function testContext(): string {
  const state = (globalThis as { expect?: { getState?(): { testPath?: string; currentTestName?: string } } }).expect?.getState?.();
  if (!state?.testPath) return "";
  const file = path.relative(path.resolve(__dirname, ".."), state.testPath);
  return ` in ${file}${state.currentTestName ? ` › ${state.currentTestName}` : ""}`;
}

export interface Finding {
  place: string;
  kind: string;
  /** How it appeared: as is, JSON-escaped (once or twice), or one line of a multi-line secret. */
  form: string;
}

/** The forms a secret may take in a record. */
function formsOf(value: string): Array<[form: string, text: string]> {
  const once = JSON.stringify(value).slice(1, -1);
  const twice = JSON.stringify(once).slice(1, -1);
  const forms: Array<[string, string]> = [["plain", value]];
  if (once !== value) forms.push(["JSON-escaped", once]);
  if (twice !== once) forms.push(["JSON-escaped twice", twice]);
  const lines = value.split(/\r?\n/).filter((line) => line.trim().length >= MIN_LINE_LENGTH);
  if (lines.length > 1) for (const line of new Set(lines)) forms.push(["a line of it", line.trim()]);
  return forms;
}

function readJsonLines<T>(dir: string, prefix: string): T[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(`${prefix}-`) && name.endsWith(".jsonl"))
    .sort()
    .flatMap((name) =>
      fs
        .readFileSync(path.join(dir, name), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as T),
    );
}

export interface AuditResult {
  findings: Finding[];
  /** Distinct secrets registered, and records scanned. */
  secrets: number;
  records: number;
}

/** Every registered secret found in any record of `dir`: one finding per place, kind and form. */
export function scan(dir: string): AuditResult {
  const kinds = new Map<string, string>();
  for (const { kind, value } of readJsonLines<SecretEntry>(dir, "secrets")) if (!kinds.has(value)) kinds.set(value, kind);
  const secrets = [...kinds].map(([value, kind]) => ({ kind, forms: formsOf(value) }));
  const records = readJsonLines<RecordEntry>(dir, "records");
  const findings = new Map<string, Finding>();
  for (const { place, text } of records) {
    for (const { kind, forms } of secrets) {
      const hit = forms.find(([, form]) => text.includes(form));
      if (hit) findings.set(JSON.stringify([place, kind, hit[0]]), { place, kind, form: hit[0] });
    }
  }
  return { findings: [...findings.values()], secrets: secrets.length, records: records.length };
}

/** Scans `dir`: throws the report when a secret was found (keeping `dir`), else removes `dir` unless `keep`. */
export function auditOrThrow(dir: string, keep = false): AuditResult {
  const result = scan(dir);
  if (result.findings.length > 0) throw new Error(`${report(result)}\nThe records are kept in ${dir}.`);
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  return result;
}

/** The report of a failed audit: places and kinds only, never a value. */
export function report({ findings, secrets, records }: AuditResult): string {
  return [
    `Secret audit: ${findings.length} plaintext secret(s) found in ${records} recorded outputs, states and logs (${secrets} secrets registered):`,
    ...findings.map((f) => `  - ${f.kind} (${f.form}) in ${f.place}`),
  ].join("\n");
}
