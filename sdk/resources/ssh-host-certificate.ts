/** SSH host certificates (spec §2.16, §4.9): a host's public key signed by an SSH certificate authority. */
import { z } from "zod";
import { params } from "../core/fields";
import type { HttpClient } from "../core/http";
import { CrudResource } from "../core/resource";
import { sshCertificateParamsShape, sshCertificateShape, sshCertificateUpdateShape, validityOrder } from "./ssh-certificate";
import { ID_PREFIXES } from "../core/id-prefixes";

export const SSH_HOST_CERTIFICATE_ID_PREFIX = ID_PREFIXES.sshHostCertificates;

export const SshHostCertificate = z.object(sshCertificateShape);
export type SshHostCertificate = z.infer<typeof SshHostCertificate>;

/** Principals are hostnames and/or IP addresses; empty means any host. */
export const SshHostCertificateCreateParams = params(sshCertificateParamsShape).superRefine(validityOrder);
export type SshHostCertificateCreateParams = z.infer<typeof SshHostCertificateCreateParams>;

export const SshHostCertificateUpdateParams = params(sshCertificateUpdateShape);
export type SshHostCertificateUpdateParams = z.infer<typeof SshHostCertificateUpdateParams>;

export class SshHostCertificates extends CrudResource<SshHostCertificate, SshHostCertificateCreateParams, SshHostCertificateUpdateParams> {
  constructor(http: HttpClient) {
    super(http, {
      collection: "/ssh_host_certificates",
      listKey: "sshHostCertificates",
      model: SshHostCertificate,
      createParams: SshHostCertificateCreateParams,
      updateParams: SshHostCertificateUpdateParams,
    });
  }
}
export const sshHostCertificatesIdPrefix = "shcrt_";
