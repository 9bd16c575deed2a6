/**
 * Request rules for PEM certificates, PEM private keys and OpenSSH public keys, checked with node:crypto
 * and sshpk so that a malformed upload fails before it is sent (and a provider fails at preview).
 * Rules never quote the input: a private key must not reach a message or a log.
 */
import { KeyObject, X509Certificate, createPrivateKey } from "node:crypto";
import type * as Sshpk from "sshpk";
import { z } from "zod";

/** Key types the service names in `private_key_type` and `key_type`. */
export const KEY_TYPES = ["rsa", "ecdsa", "ed25519"] as const;
export type KeyType = (typeof KEY_TYPES)[number];

export const MIN_SSH_RSA_BITS = 2048;

export const PEM_RULE = "must be PEM text: BEGIN/END blocks with nothing but whitespace around them";
export const ONE_CERTIFICATE_RULE = "must hold exactly one certificate";
export const PRIVATE_KEY_RULE = "must be one PEM private key";
export const ENCRYPTED_KEY_RULE = "must not be encrypted";
export const PRIVATE_KEY_TYPE_RULE = "must be an RSA, ECDSA or Ed25519 key";
export const KEY_MISMATCH_RULE = "must be the private key of the first (leaf) certificate";
export const SSH_PUBLIC_KEY_RULE = "must be one OpenSSH public key: <type> <base64> [comment]";
export const SSH_KEY_TYPE_RULE = `must be an RSA key of at least ${MIN_SSH_RSA_BITS} bits, an ECDSA key or an Ed25519 key`;

/** A reader's answer: the parsed value, or the rule the text breaks (never quoting it). */
export type ReadResult<T> = { ok: true; value: T } | { ok: false; rule: string };
const fail = <T>(rule: string): ReadResult<T> => ({ ok: false, rule });

interface PemBlock {
  label: string;
  text: string;
}

// One block: a BEGIN line, a body (base64, or legacy headers such as DEK-Info), the matching END line.
const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----((?:(?!-----)[\s\S])*)-----END \1-----/y;

/** The PEM blocks of `text`, or null when anything but whitespace lies around or between them. */
function pemBlocks(text: string): PemBlock[] | null {
  const blocks: PemBlock[] = [];
  let pos = 0;
  for (;;) {
    while (pos < text.length && /\s/.test(text[pos])) pos++;
    if (pos === text.length) return blocks;
    PEM_BLOCK.lastIndex = pos;
    const match = PEM_BLOCK.exec(text);
    if (!match) return null;
    blocks.push({ label: match[1], text: match[0] });
    pos = PEM_BLOCK.lastIndex;
  }
}

/** Every certificate of a PEM text, in order; the rule names the first bad block by index. */
export function readCertificates(text: string): ReadResult<X509Certificate[]> {
  const blocks = pemBlocks(text);
  if (blocks === null || blocks.length === 0) return fail(PEM_RULE);
  const certs: X509Certificate[] = [];
  for (const [i, block] of blocks.entries()) {
    if (block.label !== "CERTIFICATE") return fail(`block ${i} must be a CERTIFICATE`);
    try {
      certs.push(new X509Certificate(block.text));
    } catch {
      return fail(`certificate ${i} is not a valid X.509 certificate`);
    }
  }
  return { ok: true, value: certs };
}

/** A chain, leaf first: each certificate is issued and signed by the next one. */
export function readCertificateChain(text: string): ReadResult<X509Certificate[]> {
  const read = readCertificates(text);
  if (!read.ok) return read;
  const certs = read.value;
  for (let i = 0; i + 1 < certs.length; i++) {
    if (!certs[i].checkIssued(certs[i + 1]) || !certs[i].verify(certs[i + 1].publicKey)) {
      return fail(`certificate ${i} must be issued by certificate ${i + 1} (leaf first)`);
    }
  }
  return { ok: true, value: certs };
}

/** node:crypto's asymmetricKeyType → the service's name; others are not accepted. */
const NODE_KEY_TYPES: Readonly<Record<string, KeyType>> = { rsa: "rsa", ec: "ecdsa", ed25519: "ed25519" };

/** One unencrypted PEM private key of a supported type. */
export function readPrivateKey(text: string): ReadResult<{ key: KeyObject; type: KeyType }> {
  const blocks = pemBlocks(text);
  if (blocks === null || blocks.length !== 1 || !blocks[0].label.endsWith("PRIVATE KEY")) return fail(PRIVATE_KEY_RULE);
  // PKCS#8 says so in its label, legacy PEM in a Proc-Type header.
  if (blocks[0].label.startsWith("ENCRYPTED") || blocks[0].text.includes("ENCRYPTED")) return fail(ENCRYPTED_KEY_RULE);
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: blocks[0].text, format: "pem" });
  } catch {
    return fail(PRIVATE_KEY_RULE);
  }
  const type = NODE_KEY_TYPES[key.asymmetricKeyType ?? ""];
  return type ? { ok: true, value: { key, type } } : fail(PRIVATE_KEY_TYPE_RULE);
}

/**
 * True when both texts are readable and the key is not the leaf's (the first certificate's); an
 * unreadable text is its own field's issue, not a mismatch.
 */
export function leafKeyMismatch(certificatePem: unknown, privateKeyPem: unknown): boolean {
  if (typeof certificatePem !== "string" || typeof privateKeyPem !== "string") return false;
  const certs = readCertificates(certificatePem);
  const key = readPrivateKey(privateKeyPem);
  return certs.ok && key.ok && !certs.value[0].checkPrivateKey(key.value.key);
}

/** sshpk on first use: only the SSH kinds need it, and loading it is a tenth of a provider process's start. */
let sshpk: typeof Sshpk | undefined;

/** An OpenSSH public key line of a type the service takes. */
export function readSshPublicKey(text: string): ReadResult<{ key: Sshpk.Key; type: KeyType }> {
  sshpk ??= require("sshpk") as typeof Sshpk;
  let key: Sshpk.Key;
  try {
    key = sshpk.parseKey(text, "ssh");
  } catch {
    return fail(SSH_PUBLIC_KEY_RULE);
  }
  const type = (KEY_TYPES as readonly string[]).includes(key.type) ? (key.type as KeyType) : undefined;
  if (!type || (type === "rsa" && key.size < MIN_SSH_RSA_BITS)) return fail(SSH_KEY_TYPE_RULE);
  return { ok: true, value: { key, type } };
}

/** A string checked by one of the readers above; the reader's rule is the issue. */
function checked(read: (text: string) => ReadResult<unknown>) {
  return z.string({ error: "must be a string" }).superRefine((value, ctx) => {
    const result = read(value);
    if (!result.ok) ctx.addIssue({ code: "custom", message: result.rule });
  });
}

/** One PEM certificate (a certificate authority's `caPem`). @internal */
export const pemCertificate = checked((text) => {
  const read = readCertificates(text);
  return read.ok && read.value.length !== 1 ? fail(ONE_CERTIFICATE_RULE) : read;
});

/** A PEM chain, leaf first (a TLS certificate's `certificatePem`). @internal */
export const pemCertificateChain = checked(readCertificateChain);

/** One unencrypted RSA, ECDSA or Ed25519 PEM private key. @internal */
export const pemPrivateKey = checked(readPrivateKey);

/** One OpenSSH public key: RSA of at least 2048 bits, ECDSA or Ed25519. @internal */
export const sshPublicKey = checked(readSshPublicKey);
