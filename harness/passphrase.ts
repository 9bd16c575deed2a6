/**
 * A stack's secrets as Pulumi's passphrase secrets manager keeps them (pkg/secrets/passphrase): each value
 * AES-256-GCM under a key derived by PBKDF2-SHA256 (1,000,000 rounds, 32 bytes) from the passphrase and the
 * stack's salt, written `v1:<nonce>:<ciphertext and tag>` (base64). The harness writes a secret config value
 * and reads a file backend's checkpoint with it instead of `pulumi config set --secret` and `pulumi stack
 * export` (about a second of CPU each, hundreds a run). GCM authenticates every value, so a wrong key or
 * a changed format fails loudly rather than reading wrong; the CLI's own output is compared with these
 * in test/support/passphrase.test.ts (recorded) and test/e2e/quickstart.test.ts (a live stack).
 */
import { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes } from "node:crypto";
import { mapMarkedSecrets } from "./audit";

const ROUNDS = 1_000_000;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** What the salt's own ciphertext decrypts to when the passphrase is the stack's. */
const CHECK = "pulumi";

/** Keys already derived, by passphrase and salt (a derivation is a sixth of a second of CPU). */
const keys = new Map<string, Buffer>();

export class PassphraseCrypter {
  private constructor(private readonly key: Buffer) {}

  /**
   * The crypter of a stack: `salt` as `pulumi stack init` writes it (`encryptionsalt` in the stack's config
   * file, `secrets_providers.state.salt` in its state): `v1:<salt>:<"pulumi" encrypted>`.
   */
  static of(passphrase: string, salt: string): PassphraseCrypter {
    const parts = /^v1:([A-Za-z0-9+/=]+):(v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+)$/.exec(salt);
    if (!parts) throw new Error(`not a passphrase salt: ${JSON.stringify(salt)}`);
    const id = `${passphrase}\n${parts[1]}`;
    let key = keys.get(id);
    if (key === undefined) {
      key = pbkdf2Sync(passphrase, Buffer.from(parts[1], "base64"), ROUNDS, 32, "sha256");
      const crypter = new PassphraseCrypter(key);
      if (crypter.decrypt(parts[2]) !== CHECK) throw new Error("the passphrase does not open this stack's salt");
      keys.set(id, key);
    }
    return new PassphraseCrypter(key);
  }

  encrypt(plaintext: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, nonce);
    const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `v1:${nonce.toString("base64")}:${sealed.toString("base64")}`;
  }

  decrypt(ciphertext: string): string {
    const [version, nonce, sealed] = ciphertext.split(":");
    if (version !== "v1" || nonce === undefined || sealed === undefined) throw new Error("not a v1 passphrase ciphertext");
    const bytes = Buffer.from(sealed, "base64");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(nonce, "base64"));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  }
}

/**
 * `pulumi stack export` of a file backend's stack, from its checkpoint file's text: the same bytes the CLI
 * prints; with `passphrase`, as `--show-secrets` prints it, each secret's ciphertext replaced by its plaintext.
 * Undefined for a checkpoint without a deployment (a stack never updated): the CLI makes that one up.
 */
export function exportFromCheckpoint(checkpointText: string, passphrase?: string): string | undefined {
  const checkpoint = JSON.parse(checkpointText) as { version: number; checkpoint?: { latest?: Record<string, unknown> } };
  const latest = checkpoint.checkpoint?.latest;
  if (latest === undefined || latest === null) return undefined;
  let deployment: unknown = latest;
  if (passphrase !== undefined) {
    const salt = (latest.secrets_providers as { type?: string; state?: { salt?: string } } | undefined)?.state?.salt;
    let crypter: PassphraseCrypter | undefined;
    deployment = mapMarkedSecrets(latest, (secret) => {
      if (typeof secret.ciphertext !== "string") return secret;
      if (salt === undefined) throw new Error("a secret in state without the passphrase provider's salt");
      crypter ??= PassphraseCrypter.of(passphrase, salt);
      // The engine's mark first, then the plaintext: the CLI's order.
      const { ciphertext, ...mark } = secret;
      return { ...mark, plaintext: crypter.decrypt(ciphertext as string) };
    });
  }
  return goJson({ version: checkpoint.version, deployment });
}

/** JSON as the CLI's Go encoder writes it (four-space indent, HTML left as is, the line separators escaped), and its newline. */
function goJson(value: unknown): string {
  return `${JSON.stringify(value, null, 4).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)}\n`;
}
