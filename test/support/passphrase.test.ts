/**
 * harness/passphrase.ts against what the Pulumi CLI wrote (test/fixtures/passphrase: `pulumi stack init`,
 * `pulumi config set --secret tok abc` and `pulumi up` of a program with secret outputs under passphrase
 * "pw", then `pulumi stack export` with and without `--show-secrets`): the same bytes, the same secrets.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parse } from "yaml";
import { exportFromCheckpoint, PassphraseCrypter } from "../../harness/passphrase";

const DIR = path.join(__dirname, "..", "fixtures", "passphrase");
const read = (file: string) => fs.readFileSync(path.join(DIR, file), "utf8");
const config = parse(read("Pulumi.dev.yaml")) as { encryptionsalt: string; config: Record<string, { secure: string }> };

test("a checkpoint reads as `pulumi stack export` prints it, with and without --show-secrets, byte for byte", () => {
  const checkpoint = read("checkpoint.json");
  expect(exportFromCheckpoint(checkpoint)).toBe(read("export.json"));
  expect(exportFromCheckpoint(checkpoint, "pw")).toBe(read("export-show-secrets.json"));
  // What the comparison covers: nested and listed secrets, a config secret, text the encoder could escape.
  const shown = read("export-show-secrets.json");
  for (const piece of ['\\"s3cr3t-value\\"', '\\"two\\"', '\\"abc\\"', "<a & b> \\u2028 é"]) expect(shown).toContain(piece);
});

test("the CLI's config secret decrypts; what the harness encrypts decrypts to itself, with a fresh nonce each time", () => {
  const crypter = PassphraseCrypter.of("pw", config.encryptionsalt);
  expect(crypter.decrypt(config.config["sec:tok"].secure)).toBe("abc");
  const [a, b] = [crypter.encrypt("tok\nen ✓"), crypter.encrypt("tok\nen ✓")];
  expect(a).toMatch(/^v1:[A-Za-z0-9+/]{16}:[A-Za-z0-9+/=]+$/);
  expect(a).not.toBe(b);
  expect([crypter.decrypt(a), crypter.decrypt(b)]).toEqual(["tok\nen ✓", "tok\nen ✓"]);
});

test("a wrong passphrase, a tampered value or a stack never updated fails or says so, never reads wrong", () => {
  expect(() => PassphraseCrypter.of("not-pw", config.encryptionsalt)).toThrow();
  expect(() => PassphraseCrypter.of("pw", "v1:nosalt")).toThrow("not a passphrase salt");
  const crypter = PassphraseCrypter.of("pw", config.encryptionsalt);
  const [v, nonce, sealed] = crypter.encrypt("value").split(":");
  const flipped = Buffer.from(sealed, "base64");
  flipped[0] ^= 1;
  expect(() => crypter.decrypt(`${v}:${nonce}:${flipped.toString("base64")}`)).toThrow();
  expect(exportFromCheckpoint(JSON.stringify({ version: 3, checkpoint: { stack: "organization/sec/dev" } }))).toBeUndefined();
});
