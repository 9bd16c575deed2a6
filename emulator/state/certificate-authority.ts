/**
 * Uploaded certificate authorities (§2.17). Only the collection for now: mutual TLS modules reference CAs
 * by id, and their operations arrive with the certificate kinds. Records are seeded through the store.
 */
import { z } from "zod";
import type { KindDef } from "./store";
import { baseRecordFields } from "./validation";

const record = z.strictObject({ ...baseRecordFields, ca_pem: z.string() });
export type CertificateAuthorityRecord = z.infer<typeof record>;

export const certificateAuthorities: KindDef<CertificateAuthorityRecord> = {
  collection: "certificate_authorities",
  prefix: "ca",
  label: "certificate authority",
  path: "/certificate_authorities",
  record,
};
