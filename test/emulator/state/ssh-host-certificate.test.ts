/**
 * SSH host certificates (emulator/state/ssh-host-certificate.ts): signed by the named authority for the
 * host names given, valid one year from now by default, without critical options or extensions, and
 * fixed once signed but for description and metadata.
 */
import { sshKeygenList, sshPublicKey, verifiedSshCertificate } from "../../support/pki";
import { useEmulator } from "../../support/emulator";
import { expectError, sendOddValues, RFC3339_UTC } from "../support";

const emu = useEmulator();
const { api } = emu;

const cas: Record<string, { id: string; public_key: string }> = {};

beforeAll(async () => {
  for (const json of [{ private_key_type: "ecdsa", elliptic_curve: "p384" }, { private_key_type: "ed25519" }]) {
    cas[json.private_key_type] = (await api.post("/ssh_certificate_authorities", json)).body;
  }
});

const HOST_FIELDS = [
  "id",
  "uri",
  "created_at",
  "description",
  "metadata",
  "public_key",
  "key_type",
  "ssh_certificate_authority_id",
  "principals",
  "valid_after",
  "valid_until",
  "certificate",
];

/** The certificate's critical options and extensions, as sshpk reads them. */
const optionsOf = (cert: ReturnType<typeof verifiedSshCertificate>) =>
  (cert.signatures as { openssh: { exts: Array<{ name: string }> } }).openssh.exts.map((e) => e.name);

describe("SSH host certificates", () => {
  test("signed host certificate, valid one year by default; principals cannot change", async () => {
    const key = sshPublicKey("rsa");
    const created = await api.post("/ssh_host_certificates", {
      ssh_certificate_authority_id: cas.ecdsa.id,
      public_key: key,
      principals: ["host.example.com", "192.0.2.7"],
      description: "bastion",
    });
    expect(created.status).toBe(201);
    const hc = created.body;
    expect(Object.keys(hc)).toEqual(HOST_FIELDS);
    expect(hc).toMatchObject({ key_type: "rsa", principals: ["host.example.com", "192.0.2.7"], description: "bastion" });
    expect(hc.valid_after).toMatch(RFC3339_UTC);
    expect(new Date(hc.valid_until).getTime() - new Date(hc.valid_after).getTime()).toBe(365 * 24 * 3_600_000);
    const cert = verifiedSshCertificate(hc.certificate, cas.ecdsa.public_key);
    expect(cert.subjects.map((s) => [s.type, s.hostname])).toEqual([
      ["host", "host.example.com"],
      ["host", "192.0.2.7"],
    ]);
    expect(optionsOf(cert)).toEqual([]);
    const listing = sshKeygenList(hc.certificate);
    if (listing !== null) {
      expect(listing).toContain("host certificate");
      expect(listing).toContain("using ecdsa-sha2-nistp384");
    }
    expectError(
      await api.unchanged(() => api.patch(`/ssh_host_certificates/${hc.id}`, { principals: [] })),
      400,
      "IMMUTABLE_FIELD",
      "principals",
    );
  });

  test("a validity window given is the certificate's; no principals by default", async () => {
    const hc = (
      await api.post("/ssh_host_certificates", {
        ssh_certificate_authority_id: cas.ed25519.id,
        public_key: sshPublicKey("ed25519"),
        valid_after: "2026-03-01T00:00:00Z",
        valid_until: "2026-03-08T12:00:00+02:00",
      })
    ).body;
    expect(hc).toMatchObject({
      key_type: "ed25519",
      principals: [],
      valid_after: "2026-03-01T00:00:00Z",
      valid_until: "2026-03-08T10:00:00Z",
    });
    const cert = verifiedSshCertificate(hc.certificate, cas.ed25519.public_key);
    expect(cert.validFrom.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(cert.validUntil.toISOString()).toBe("2026-03-08T10:00:00.000Z");
    expect(hc.certificate).toMatch(/^ssh-ed25519-cert-v01@openssh\.com [A-Za-z0-9+/=]+$/);
  });

  test("host certificates take no critical options or extensions", async () => {
    const body = { ssh_certificate_authority_id: cas.ed25519.id, public_key: sshPublicKey() };
    expectError(
      await api.unchanged(() => api.post("/ssh_host_certificates", { ...body, extensions: {} })),
      400,
      "UNKNOWN_FIELD",
      "extensions",
    );
    expectError(
      await api.unchanged(() => api.post("/ssh_host_certificates", { ...body, critical_options: {} })),
      400,
      "UNKNOWN_FIELD",
      "critical_options",
    );
  });

  describe("rejections leave state unchanged", () => {
    const key = sshPublicKey();
    const body = () => ({ ssh_certificate_authority_id: cas.ed25519.id, public_key: key });
    const cases: Array<[string, () => Record<string, unknown>, string, string]> = [
      ["missing authority", () => ({ public_key: key }), "MISSING_FIELD", "ssh_certificate_authority_id"],
      [
        "unknown authority",
        () => ({ ...body(), ssh_certificate_authority_id: "sshca_00000000000000000000000000" }),
        "INVALID_FIELD",
        "ssh_certificate_authority_id",
      ],
      ["missing public_key", () => ({ ssh_certificate_authority_id: cas.ed25519.id }), "MISSING_FIELD", "public_key"],
      ["bad public_key", () => ({ ...body(), public_key: "ssh-ed25519 AAAA" }), "INVALID_FIELD", "public_key"],
      ["empty principal", () => ({ ...body(), principals: ["h", ""] }), "INVALID_FIELD", "principals[1]"],
      [
        "valid_until before valid_after",
        () => ({ ...body(), valid_after: "2026-01-02T00:00:00Z", valid_until: "2026-01-01T00:00:00Z" }),
        "INVALID_FIELD",
        "valid_until",
      ],
      ["read-only certificate", () => ({ ...body(), certificate: "x" }), "UNKNOWN_FIELD", "certificate"],
    ];
    test.each(cases)("%s", async (_name, json, code, field) => {
      expectError(await api.unchanged(() => api.post("/ssh_host_certificates", json())), 400, code, field);
    });

    test("PATCH refuses every signed field", async () => {
      const hc = (await api.post("/ssh_host_certificates", body())).body;
      for (const field of ["ssh_certificate_authority_id", "public_key", "principals", "valid_after", "valid_until"]) {
        expectError(
          await api.unchanged(() => api.patch(`/ssh_host_certificates/${hc.id}`, { [field]: hc[field] })),
          400,
          "IMMUTABLE_FIELD",
          field,
        );
      }
    });
  });

  test("PATCH changes description and metadata and keeps the signed certificate", async () => {
    const hc = (await api.post("/ssh_host_certificates", { ssh_certificate_authority_id: cas.ed25519.id, public_key: sshPublicKey() }))
      .body;
    const patched = await api.patch(`/ssh_host_certificates/${hc.id}`, { description: "web", metadata: '{"rack":3}' });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...hc, description: "web", metadata: '{"rack":3}' });
    expect((await api.get(`/ssh_host_certificates/${hc.id}`)).body).toEqual(patched.body);
  });

  test("certificates stay when their authority is deleted", async () => {
    const ca = (await api.post("/ssh_certificate_authorities", { private_key_type: "ed25519" })).body;
    const hc = (await api.post("/ssh_host_certificates", { ssh_certificate_authority_id: ca.id, public_key: sshPublicKey() })).body;
    expect((await api.del(`/ssh_certificate_authorities/${ca.id}`)).status).toBe(204);
    expect((await api.get(`/ssh_host_certificates/${hc.id}`)).body).toEqual(hc);
  });

  test("odd values in every field are answered without a 5xx", async () => {
    const host = {
      ssh_certificate_authority_id: cas.ed25519.id,
      public_key: sshPublicKey(),
      principals: ["p"],
      valid_after: "2026-01-01T00:00:00Z",
      valid_until: "2026-02-01T00:00:00Z",
    };
    expect(await sendOddValues(host, (b) => api.post("/ssh_host_certificates", b))).toBeGreaterThan(0);
  });
});
