/** SSH user certificates (§2.15, §4.9): signed by an SSH certificate authority; valid 24 hours by default. */
import { isIP } from "node:net";
import { z } from "zod";
import { preview } from "../errors";
import { CERTIFICATE_IMMUTABLE, certificateFields, certificateRecordFields, signCertificate } from "./ssh-certificate-authority";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { addRule, commonFields, newBase, parseBody, patchRecord } from "./validation";
import { resourceUri } from "./wire";

export const CRITICAL_OPTIONS = ["force-command", "source-address"] as const;
export const DEFAULT_EXTENSIONS: Readonly<Record<string, string>> = { "permit-pty": "", "permit-user-rc": "" };
export const USER_LIFETIME_MS = 24 * 3_600_000;

const record = z.strictObject({
  ...certificateRecordFields,
  critical_options: z.record(z.string(), z.string()),
  extensions: z.record(z.string(), z.string()),
});
export type SshUserCertificateRecord = z.infer<typeof record>;

export const sshUserCertificates: KindRules<SshUserCertificateRecord> = {
  collectionKey: "ssh_user_certificates",
  prefix: "sucrt",
  label: "SSH user certificate",
  path: "/ssh_user_certificates",
  record,
  listKey: "ssh_user_certificates",
  render,
  create: (call) => render(createSshUserCertificate(call.store, call.body), call.baseUrl),
  update: (call, id) => updateSshUserCertificate(call.store, id, call.body),
  reference: {
    title: "SSH user certificates",
    create: (ex) => ({
      ...ex.common,
      ssh_certificate_authority_id: ex.id("/ssh_certificate_authorities"),
      public_key: ex.sshPublicKey,
      principals: ["deploy"],
    }),
    update: () => ({ description: "deploy user" }),
  },
};

/** An address or CIDR block, as OpenSSH's source-address takes them (comma-separated). */
function isAddressOrCidr(entry: string): boolean {
  const [address, bits, more] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || more !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const criticalOptions = z.record(z.string(), z.string()).superRefine((map, ctx) => {
  for (const [name, value] of Object.entries(map)) {
    if (!(CRITICAL_OPTIONS as readonly string[]).includes(name))
      addRule(ctx, [name], `is not a known critical option (known: ${CRITICAL_OPTIONS.join(", ")})`);
    else if (name === "source-address" && !value.split(",").every(isAddressOrCidr)) {
      addRule(ctx, [name], "must be a comma-separated list of IP addresses or CIDR blocks", preview(value));
    } else if (name === "force-command" && value === "") addRule(ctx, [name], "must not be empty");
  }
});

const extensions = z.record(z.string(), z.string()).superRefine((map, ctx) => {
  for (const name of Object.keys(map)) if (name === "") addRule(ctx, [name], "must be a non-empty extension name");
});

const createSchema = z.strictObject({
  ...certificateFields,
  critical_options: criticalOptions.optional(),
  extensions: extensions.optional(),
});
// PATCH is an extension (§4.14): description and metadata; the signed fields are fixed.
const updateSchema = z.strictObject({ ...commonFields });

export function createSshUserCertificate(store: Store, body: Record<string, unknown>): SshUserCertificateRecord {
  const input = parseBody(createSchema, body);
  const base = newBase(store, sshUserCertificates, input);
  const critical = input.critical_options ?? {};
  const exts = input.extensions ?? { ...DEFAULT_EXTENSIONS };
  const signed = signCertificate(store, base.id, input, "user", USER_LIFETIME_MS, { criticalOptions: critical, extensions: exts });
  return store.collection(sshUserCertificates).insert({ ...base, ...signed, critical_options: critical, extensions: exts });
}

export function updateSshUserCertificate(store: Store, id: string, body: Record<string, unknown>): SshUserCertificateRecord {
  return patchRecord(store.collection(sshUserCertificates), id, updateSchema, body, { immutable: CERTIFICATE_IMMUTABLE });
}

/** §2.15 field order. */
function render(r: SshUserCertificateRecord, baseUrl: string) {
  return {
    id: r.id,
    uri: resourceUri(baseUrl, sshUserCertificates, r.id),
    created_at: r.created_at,
    description: r.description,
    metadata: r.metadata,
    public_key: r.public_key,
    key_type: r.key_type,
    ssh_certificate_authority_id: r.ssh_certificate_authority_id,
    principals: r.principals,
    critical_options: r.critical_options,
    extensions: r.extensions,
    valid_after: r.valid_after,
    valid_until: r.valid_until,
    certificate: r.certificate,
  };
}
