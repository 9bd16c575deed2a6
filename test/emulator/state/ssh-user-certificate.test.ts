/**
 * SSH user certificates (emulator/state/ssh-user-certificate.ts): signed by the named authority with
 * the requested principals, options and validity (24 hours from now by default), the options checked,
 * and fixed once signed but for description and metadata.
 */
import sshpk from "sshpk";
import { sshKeygenList, sshPublicKey, sshSignatureValid, verifiedSshCertificate } from "../../support/pki";
import { useEmulator } from "../../support/emulator";
import { expectError, sendOddValues, RFC3339_UTC } from "../support";

const emu = useEmulator();
const { api } = emu;

const cas: Record<string, { id: string; public_key: string }> = {};

beforeAll(async () => {
  for (const json of [
    { private_key_type: "rsa", key_size: 2048 },
    { private_key_type: "ecdsa", elliptic_curve: "p384" },
    { private_key_type: "ed25519" },
  ]) {
    cas[json.private_key_type] = (await api.post("/ssh_certificate_authorities", json)).body;
  }
});

const USER_FIELDS = [
  "id",
  "uri",
  "created_at",
  "description",
  "metadata",
  "public_key",
  "key_type",
  "ssh_certificate_authority_id",
  "principals",
  "critical_options",
  "extensions",
  "valid_after",
  "valid_until",
  "certificate",
];

/** Name → value of the certificate's options of one kind (flags have ""). */
function options(cert: sshpk.Certificate, critical: boolean): Record<string, string> {
  const exts = (cert.signatures as { openssh: { exts: Array<{ critical: boolean; name: string; data: Buffer }> } }).openssh.exts;
  // A non-empty option value is an SSH string: 4-byte length, then the bytes.
  return Object.fromEntries(
    exts.filter((e) => e.critical === critical).map((e) => [e.name, e.data.length ? e.data.subarray(4).toString() : ""]),
  );
}

describe("SSH user certificates", () => {
  test("signed by the authority, with the requested fields", async () => {
    const key = sshPublicKey("ed25519");
    const created = await api.post("/ssh_user_certificates", {
      description: "alice",
      metadata: "m",
      ssh_certificate_authority_id: cas.rsa.id,
      public_key: key,
      principals: ["alice", "root"],
      critical_options: { "force-command": "/bin/date", "source-address": "10.0.0.0/8,192.0.2.1" },
      extensions: { "permit-pty": "", "permit-port-forwarding": "" },
      valid_after: "2026-01-01T00:00:00Z",
      valid_until: "2026-01-02T12:30:00+02:00",
    });
    expect(created.status).toBe(201);
    const uc = created.body;
    expect(Object.keys(uc)).toEqual(USER_FIELDS);
    expect(uc).toMatchObject({
      public_key: key,
      key_type: "ed25519",
      ssh_certificate_authority_id: cas.rsa.id,
      principals: ["alice", "root"],
      valid_after: "2026-01-01T00:00:00Z",
      valid_until: "2026-01-02T10:30:00Z",
    });
    expect(uc.certificate).toMatch(/^ssh-ed25519-cert-v01@openssh\.com [A-Za-z0-9+/=]+$/);

    const cert = verifiedSshCertificate(uc.certificate, cas.rsa.public_key);
    // The check can fail: one changed principal byte breaks the signature.
    const blob = Buffer.from(uc.certificate.split(" ")[1], "base64");
    blob[blob.indexOf("alice")] = "b".charCodeAt(0);
    expect(sshSignatureValid(`ssh-ed25519-cert-v01@openssh.com ${blob.toString("base64")}`, cas.rsa.public_key)).toBe(false);
    expect(cert.subjects.map((s) => s.uid)).toEqual(["alice", "root"]);
    expect(cert.subjects[0].type).toBe("user");
    expect(cert.validFrom.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(cert.validUntil.toISOString()).toBe("2026-01-02T10:30:00.000Z");
    expect(cert.subjectKey.fingerprint("sha256").toString()).toBe(sshpk.parseKey(key, "ssh").fingerprint("sha256").toString());
    expect(options(cert, true)).toEqual({ "force-command": "/bin/date", "source-address": "10.0.0.0/8,192.0.2.1" });
    expect(options(cert, false)).toEqual({ "permit-port-forwarding": "", "permit-pty": "" });
    const listing = sshKeygenList(uc.certificate);
    if (listing !== null) {
      expect(listing).toContain("user certificate");
      expect(listing).toContain(`Key ID: "${uc.id}"`);
      expect(listing).toContain("using rsa-sha2-512");
      expect(listing).toMatch(/force-command \/bin\/date/);
    }
  });

  test("defaults: now for 24 hours, permit-pty and permit-user-rc, no principals (any user)", async () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const uc = (
      await api.post("/ssh_user_certificates", { ssh_certificate_authority_id: cas.ed25519.id, public_key: sshPublicKey("ecdsa") })
    ).body;
    const after = Date.now();
    expect(uc).toMatchObject({
      key_type: "ecdsa",
      principals: [],
      critical_options: {},
      extensions: { "permit-pty": "", "permit-user-rc": "" },
    });
    expect(uc.valid_after).toMatch(RFC3339_UTC);
    const validAfter = new Date(uc.valid_after).getTime();
    expect(validAfter).toBeGreaterThanOrEqual(before);
    expect(validAfter).toBeLessThanOrEqual(after);
    expect(new Date(uc.valid_until).getTime() - validAfter).toBe(24 * 3_600_000);
    const cert = verifiedSshCertificate(uc.certificate, cas.ed25519.public_key);
    expect(options(cert, false)).toEqual({ "permit-pty": "", "permit-user-rc": "" });
    const listing = sshKeygenList(uc.certificate);
    if (listing !== null) expect(listing).toMatch(/Principals: \(none\)/);
  });

  test.each(["rsa", "ecdsa", "ed25519"])("an %s authority signs a certificate that verifies with its public key", async (type) => {
    const uc = (
      await api.post("/ssh_user_certificates", {
        ssh_certificate_authority_id: cas[type].id,
        public_key: sshPublicKey("rsa"),
        principals: ["u"],
      })
    ).body;
    expect(uc.key_type).toBe("rsa");
    expect(uc.certificate.startsWith("ssh-rsa-cert-v01@openssh.com ")).toBe(true);
    verifiedSshCertificate(uc.certificate, cas[type].public_key);
    const other = Object.keys(cas).find((t) => t !== type)!;
    expect(sshpk.parseCertificate(uc.certificate, "openssh").isSignedByKey(sshpk.parseKey(cas[other].public_key, "ssh"))).toBe(false);
    sshKeygenList(uc.certificate);
  });

  test("certificates stay when their authority is deleted", async () => {
    const ca = (await api.post("/ssh_certificate_authorities", { private_key_type: "ed25519" })).body;
    const uc = (await api.post("/ssh_user_certificates", { ssh_certificate_authority_id: ca.id, public_key: sshPublicKey() })).body;
    expect((await api.del(`/ssh_certificate_authorities/${ca.id}`)).status).toBe(204);
    expect((await api.get(`/ssh_user_certificates/${uc.id}`)).body).toEqual(uc);
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
      ["empty principal", () => ({ ...body(), principals: ["a", ""] }), "INVALID_FIELD", "principals[1]"],
      [
        "unknown critical option",
        () => ({ ...body(), critical_options: { "verify-required": "" } }),
        "INVALID_FIELD",
        "critical_options.verify-required",
      ],
      [
        "bad source-address",
        () => ({ ...body(), critical_options: { "source-address": "10.0.0.0/33" } }),
        "INVALID_FIELD",
        "critical_options.source-address",
      ],
      [
        "source-address not an address",
        () => ({ ...body(), critical_options: { "source-address": "example.com" } }),
        "INVALID_FIELD",
        "critical_options.source-address",
      ],
      [
        "empty force-command",
        () => ({ ...body(), critical_options: { "force-command": "" } }),
        "INVALID_FIELD",
        "critical_options.force-command",
      ],
      ["extension value not a string", () => ({ ...body(), extensions: { "permit-pty": true } }), "INVALID_FIELD", "extensions.permit-pty"],
      ["valid_after not RFC 3339", () => ({ ...body(), valid_after: "2026-01-01" }), "INVALID_FIELD", "valid_after"],
      ["valid_until not a date", () => ({ ...body(), valid_until: "2026-13-45T00:00:00Z" }), "INVALID_FIELD", "valid_until"],
      [
        "valid_until before valid_after",
        () => ({ ...body(), valid_after: "2026-01-02T00:00:00Z", valid_until: "2026-01-01T00:00:00Z" }),
        "INVALID_FIELD",
        "valid_until",
      ],
      [
        "valid_until equal to valid_after",
        () => ({ ...body(), valid_after: "2026-01-02T00:00:00Z", valid_until: "2026-01-02T00:00:00Z" }),
        "INVALID_FIELD",
        "valid_until",
      ],
      ["read-only certificate", () => ({ ...body(), certificate: "x" }), "UNKNOWN_FIELD", "certificate"],
    ];
    test.each(cases)("%s", async (_name, json, code, field) => {
      expectError(await api.unchanged(() => api.post("/ssh_user_certificates", json())), 400, code, field);
    });

    test("PATCH changes only description and metadata", async () => {
      const uc = (await api.post("/ssh_user_certificates", body())).body;
      for (const field of [
        "principals",
        "valid_until",
        "extensions",
        "critical_options",
        "public_key",
        "ssh_certificate_authority_id",
        "valid_after",
      ]) {
        expectError(
          await api.unchanged(() => api.patch(`/ssh_user_certificates/${uc.id}`, { [field]: uc[field] })),
          400,
          "IMMUTABLE_FIELD",
          field,
        );
      }
    });
  });

  test("PATCH changes description and metadata and keeps the signed certificate", async () => {
    const uc = (await api.post("/ssh_user_certificates", { ssh_certificate_authority_id: cas.ed25519.id, public_key: sshPublicKey() }))
      .body;
    const patched = await api.patch(`/ssh_user_certificates/${uc.id}`, { description: "on call", metadata: "{}" });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...uc, description: "on call", metadata: "{}" });
    expect((await api.get(`/ssh_user_certificates/${uc.id}`)).body).toEqual(patched.body);
  });

  test("odd values in every field are answered without a 5xx", async () => {
    const user = {
      ssh_certificate_authority_id: cas.ed25519.id,
      public_key: sshPublicKey(),
      principals: ["p"],
      valid_after: "2026-01-01T00:00:00Z",
      valid_until: "2026-02-01T00:00:00Z",
      critical_options: { "force-command": "x" },
      extensions: { "permit-pty": "" },
    };
    expect(await sendOddValues(user, (b) => api.post("/ssh_user_certificates", b))).toBeGreaterThan(0);
  });
});
