/** The secret audit itself, on directories of its own (never the run's). */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { privateKeyPem, keyPair } from "./pki";
import {
  auditOrThrow,
  record,
  recordTree,
  registerSecret,
  registerSecretConfig,
  registerStateSecrets,
  report,
  scan,
} from "../../harness/audit";

const TOKEN = "tok_5bXf2Qm9LwZr8Kc1";
const PEM = privateKeyPem(keyPair("rsa").privateKey);
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-audit-test-"));
  registerSecret("API key token", TOKEN, dir);
  registerSecret("TLS private key", PEM, dir);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("scan", () => {
  test("a clean run has no finding, and the audit removes its directory", () => {
    record("pulumi up stdout", "Resources:\n    + 3 created\nkey [secret]", dir);
    record("emulator log", 'info: 401 GET /api_keys {"error_code":"UNAUTHORIZED"}', dir);
    expect(auditOrThrow(dir)).toEqual({ findings: [], secrets: 2, records: 2 });
    expect(fs.existsSync(dir)).toBe(false);
  });

  test("finds a planted secret as is, and a PEM as JSON shows it (\\n escaped) or one line of it", () => {
    record("pulumi preview stdout", `error: bad token ${TOKEN}`, dir);
    record("pulumi stack export stdout", JSON.stringify({ outputs: { privateKeyPem: PEM } }), dir);
    record("pulumi preview --json stdout", JSON.stringify({ config: { spec: JSON.stringify({ key: PEM }) } }), dir);
    record("pulumi up stderr", `    ${PEM.split("\n")[3]}`, dir);
    expect(scan(dir).findings).toEqual([
      { place: "pulumi preview stdout", kind: "API key token", form: "plain" },
      { place: "pulumi stack export stdout", kind: "TLS private key", form: "JSON-escaped" },
      { place: "pulumi preview --json stdout", kind: "TLS private key", form: "JSON-escaped twice" },
      { place: "pulumi up stderr", kind: "TLS private key", form: "a line of it" },
    ]);
  });

  test("the report names place and kind, never the value; the audit throws it and keeps the records", () => {
    record("emulator log (edges in test/e2e/edges.test.ts › up)", `info: 400 POST /api_keys got "${TOKEN}"`, dir);
    const result = scan(dir);
    const text = report(result);
    expect(text).toContain("API key token (plain) in emulator log (edges in test/e2e/edges.test.ts › up)");
    expect(text).not.toContain(TOKEN);
    expect(() => auditOrThrow(dir)).toThrow(/1 plaintext secret\(s\) found in 1 recorded/);
    expect(fs.existsSync(dir)).toBe(true);
  });

  test("records every file of a tree (a stack's backend), named by its path", () => {
    const backend = path.join(dir, "backend");
    fs.mkdirSync(path.join(backend, ".pulumi", "history"), { recursive: true });
    fs.writeFileSync(path.join(backend, ".pulumi", "history", "s-1.checkpoint.json"), `{"token":"${TOKEN}"}`);
    recordTree("state of stack s", backend, dir);
    expect(scan(dir).findings).toEqual([
      { place: `state of stack s: ${path.join(".pulumi", "history", "s-1.checkpoint.json")}`, kind: "API key token", form: "plain" },
    ]);
  });
});

describe("registering", () => {
  test("a secret config value counts whole and, when it is JSON, by each string in it", () => {
    registerSecretConfig(
      "secrets",
      JSON.stringify({ hook: "webhook-secret-1234", nested: { oauth: "oauth-secret-5678" }, short: "x" }),
      dir,
    );
    record("a", "webhook-secret-1234", dir);
    record("b", "oauth-secret-5678", dir);
    record("c", "x", dir);
    expect(scan(dir).findings.map((f) => [f.place, f.kind])).toEqual([
      ["a", "secret config value secrets"],
      ["b", "secret config value secrets"],
    ]);
  });

  test("a secret too short to be found reliably is refused", () => {
    expect(() => registerSecret("token", "abc", dir)).toThrow(/at least 8 characters/);
  });

  test("state secrets: strings under secret field names, inside values the engine marks secret or not", () => {
    const secret = (value: unknown) => ({
      "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
      plaintext: JSON.stringify(value),
    });
    const exported = {
      deployment: {
        resources: [
          {
            type: "pulumi-nodejs:dynamic/edgeingress:ApiKey",
            outputs: { token: secret("api-key-token-0001"), description: "not-a-secret-at-all" },
          },
          {
            type: "pulumi-nodejs:dynamic/edgeingress:TlsCertificate",
            outputs: { privateKeyPem: "unmarked-private-key", privateKeyType: "ecdsa-p256-sha" },
          },
          {
            type: "pulumi-nodejs:dynamic/edgeingress:EventDestination",
            inputs: {
              target: secret({
                stream: {
                  streamResourceName: "arn:stream/events",
                  auth: { creds: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret-access-key-02" } },
                },
              }),
            },
          },
          { type: "pulumi:pulumi:Stack", outputs: { keyTokens: secret({ ci: "api-key-token-0003" }), tokenCount: "count-of-tokens-9" } },
        ],
      },
    };
    registerStateSecrets(JSON.stringify(exported), dir);
    const texts = [
      "api-key-token-0001",
      "unmarked-private-key",
      "ecdsa-p256-sha",
      "secret-access-key-02",
      "api-key-token-0003",
      "arn:stream/events",
      "AKIAEXAMPLE",
      "not-a-secret-at-all",
      "count-of-tokens-9",
    ];
    for (const text of texts) {
      record(text, text, dir);
    }
    expect(scan(dir).findings.map((f) => [f.place, f.kind])).toEqual([
      ["api-key-token-0001", "pulumi-nodejs:dynamic/edgeingress:ApiKey outputs.token"],
      ["unmarked-private-key", "pulumi-nodejs:dynamic/edgeingress:TlsCertificate outputs.privateKeyPem"],
      ["secret-access-key-02", "pulumi-nodejs:dynamic/edgeingress:EventDestination inputs.target.stream.auth.creds.secretAccessKey"],
      ["api-key-token-0003", "pulumi:pulumi:Stack outputs.keyTokens.ci"],
    ]);
  });
});
