/** SSH host certificates (spec §2.16, §4.9): a host's public key signed by an SSH certificate authority. */
import { z } from "zod";
import { params } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import { sshCertificateParamsShape, sshCertificateShape, sshCertificateUpdateShape, validityOrder } from "./ssh-certificate";
import type * as types from "../types";

export const sshHostCertificatesIdPrefix = "shcrt_";

/** @internal */
export const SshHostCertificate = z.object({
  ...sshCertificateShape,
  principals: sshCertificateShape.principals.describe(
    "The hostnames and/or IP addresses that may serve SSH with the certificate; empty: any host.",
  ),
});
export type SshHostCertificate = types.SshHostCertificate;

/** @internal */
export const SshHostCertificateCreateParams = params({
  ...sshCertificateParamsShape,
  validUntil: sshCertificateParamsShape.validUntil.describe(
    "When the certificate expires (RFC 3339), after validAfter. Default: one year after validAfter.",
  ),
})
  .superRefine(validityOrder)
  .describe("The params to create one SSH host certificate. Principals are hostnames and/or IP addresses; empty means any host.");
export type SshHostCertificateCreateParams = types.SshHostCertificateCreateParams;

/** @internal */
export const SshHostCertificateUpdateParams = params(sshCertificateUpdateShape);
export type SshHostCertificateUpdateParams = types.SshHostCertificateUpdateParams;

export class SshHostCertificates extends CrudResource<SshHostCertificate, SshHostCertificateCreateParams, SshHostCertificateUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collectionPath: "/ssh_host_certificates",
      listKey: "sshHostCertificates",
      model: SshHostCertificate,
      createParams: SshHostCertificateCreateParams,
      updateParams: SshHostCertificateUpdateParams,
    });
  }
}
