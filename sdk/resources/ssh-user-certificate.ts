/**
 * SSH user certificates (spec §2.15, §4.9): a user's public key signed by an SSH certificate authority.
 * Update (description, metadata) is an extension of the emulator's (docs/api-choices.md).
 */
import { z } from "zod";
import { immutable, orEmpty, params, string, stringMap } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import { sshCertificateParamsShape, sshCertificateShape, sshCertificateUpdateShape, validityOrder } from "./ssh-certificate";
import type * as types from "../types";

export const sshUserCertificatesIdPrefix = "sucrt_";
/** The only critical options defined (§2.15). */
export const SSH_CRITICAL_OPTIONS = ["force-command", "source-address"] as const;
/** What the service grants when `extensions` is omitted. */
export const DEFAULT_SSH_EXTENSIONS: Readonly<Record<string, string>> = { "permit-pty": "", "permit-user-rc": "" };

export const CRITICAL_OPTION_RULE = `is not a critical option: only ${SSH_CRITICAL_OPTIONS.join(" and ")} are defined`;

// Keys are option names (user data, passed unchanged on the wire).
const criticalOptions = stringMap(string, string).superRefine((map, ctx) => {
  for (const key of Object.keys(map)) {
    if (!(SSH_CRITICAL_OPTIONS as readonly string[]).includes(key))
      ctx.addIssue({ code: "custom", path: [key], message: CRITICAL_OPTION_RULE });
  }
});
const extensions = stringMap(string, string).refine((m) => !Object.hasOwn(m, ""), { error: "keys must not be empty" });

/** @internal */
export const SshUserCertificate = z.object({
  ...sshCertificateShape,
  principals: sshCertificateShape.principals.describe("The usernames the holder may sign in as; empty: any user."),
  criticalOptions: orEmpty(z.record(z.string(), z.string()), {}).describe(
    "The critical options signed in, by name (`force-command`, `source-address`) with their values; empty when none.",
  ),
  extensions: orEmpty(z.record(z.string(), z.string()), {}).describe(
    'The SSH extensions the certificate grants, by name with their values (usually ""), such as `permit-pty`; empty when none.',
  ),
});
export type SshUserCertificate = types.SshUserCertificate;

/** @internal */
export const SshUserCertificateCreateParams = params({
  ...sshCertificateParamsShape,
  validUntil: sshCertificateParamsShape.validUntil.describe(
    "When the certificate expires (RFC 3339), after validAfter. Default: 24 hours after validAfter.",
  ),
  criticalOptions: criticalOptions
    .optional()
    .describe(
      "Critical options by name: only `force-command` (a command forced on login) and `source-address` (comma-separated IP addresses or CIDR blocks it may be used from) are defined. Absent: none.",
    ),
  extensions: extensions.optional().describe("Default: permit-pty and permit-user-rc (DEFAULT_SSH_EXTENSIONS); `{}` grants none."),
}).superRefine(validityOrder);
export type SshUserCertificateCreateParams = types.SshUserCertificateCreateParams;

/** @internal */
export const SshUserCertificateUpdateParams = params({
  ...sshCertificateUpdateShape,
  criticalOptions: immutable,
  extensions: immutable,
});
export type SshUserCertificateUpdateParams = types.SshUserCertificateUpdateParams;

export class SshUserCertificates extends CrudResource<SshUserCertificate, SshUserCertificateCreateParams, SshUserCertificateUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/ssh_user_certificates",
      listKey: "sshUserCertificates",
      model: SshUserCertificate,
      createParams: SshUserCertificateCreateParams,
      updateParams: SshUserCertificateUpdateParams,
    });
  }
}
