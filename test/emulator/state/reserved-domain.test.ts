import { X509Certificate } from "node:crypto";
import { certificate } from "../../support/pki";
import { useEmulator, start, Client } from "../../support/emulator";
import { expectError, sendOddValues, ID_SUFFIX, RFC3339_UTC } from "../support";

const emu = useEmulator({ provisioningDelayMs: 0 });
const { api } = emu;

const FIELDS = [
  "id",
  "uri",
  "created_at",
  "description",
  "metadata",
  "domain",
  "region",
  "cname_target",
  "http_endpoint_configuration",
  "https_endpoint_configuration",
  "certificate",
  "certificate_management_policy",
  "certificate_management_status",
  "acme_challenge_cname_target",
];

/** Read the domain until `done` holds (provisioning runs on a timer); bounded by a number of reads. */
async function until(path: string, done: (rd: any) => boolean, client: Client = api): Promise<any> {
  for (let i = 0; i < 500; i++) {
    const rd = (await client.get(path)).body;
    if (done(rd)) return rd;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${path} never reached the expected state`);
}
const issued = (rd: any) => rd.certificate_management_status?.provisioning_job === null;

async function upload(name = "up.example.com") {
  const leaf = certificate({ subject: { CN: name }, dnsNames: [name] });
  return (await api.post("/tls_certificates", { certificate_pem: leaf.pem, private_key_pem: leaf.keyPem })).body;
}

describe("reserved domains", () => {
  test("a custom domain with an uploaded certificate: the fields, clearing the certificate, and delete leaves it", async () => {
    const cert = await upload();
    const created = await api.post("/reserved_domains", {
      domain: "app.example.com",
      region: "eu",
      description: "app",
      metadata: "m",
      certificate_id: cert.id,
    });
    expect(created.status).toBe(201);
    const rd = created.body;
    expect(Object.keys(rd)).toEqual(FIELDS);
    expect(rd).toMatchObject({
      domain: "app.example.com",
      region: "eu",
      description: "app",
      metadata: "m",
      http_endpoint_configuration: null,
      https_endpoint_configuration: null,
      certificate: { id: cert.id, uri: `${emu.url}/tls_certificates/${cert.id}` },
      certificate_management_policy: null,
      certificate_management_status: null,
      acme_challenge_cname_target: null,
    });
    expect(rd.cname_target).toMatch(/^[a-z2-7]{16}\.cname\.edge-ingress\.app$/);
    const cleared = await api.patch(`/reserved_domains/${rd.id}`, { certificate_id: null, metadata: "m2" });
    expect(cleared.body).toEqual({ ...rd, certificate: null, metadata: "m2" });
    expect((await api.del(`/reserved_domains/${rd.id}`)).status).toBe(204);
    // An uploaded certificate is the user's: it stays.
    expect((await api.get(`/tls_certificates/${cert.id}`)).status).toBe(200);
    // The CNAME target is stable per domain.
    const again = (await api.post("/reserved_domains", { domain: "app.example.com" })).body;
    expect(again.cname_target).toBe(rd.cname_target);
    expect(again.region).toBe("");
    await api.del(`/reserved_domains/${again.id}`);
  });

  test("service-owned subdomains have no CNAME target; wildcard custom domains get an ACME challenge target", async () => {
    const owned = (await api.post("/reserved_domains", { domain: "mine.edge-ingress.app" })).body;
    expect(owned).toMatchObject({ cname_target: null, acme_challenge_cname_target: null });
    const ownedWildcard = (await api.post("/reserved_domains", { domain: "*.team.edge-ingress.app" })).body;
    expect(ownedWildcard).toMatchObject({ cname_target: null, acme_challenge_cname_target: null });
    const wildcard = (await api.post("/reserved_domains", { domain: "*.example.org" })).body;
    expect(wildcard.cname_target).toMatch(/^[a-z2-7]{16}\.cname\.edge-ingress\.app$/);
    expect(wildcard.acme_challenge_cname_target).toMatch(/^[a-z2-7]{16}\.acme\.edge-ingress\.app$/);
    const plain = (await api.post("/reserved_domains", { domain: "plain.example.org" })).body;
    expect(plain.acme_challenge_cname_target).toBeNull();
    expect(plain.cname_target).not.toBe(wildcard.cname_target);
    for (const rd of [owned, ownedWildcard, wildcard, plain]) await api.del(`/reserved_domains/${rd.id}`);
  });

  test("a managed certificate: a provisioning job, then a real certificate issued for the domain", async () => {
    const created = await api.post("/reserved_domains", {
      domain: "managed.example.com",
      certificate_management_policy: { authority: "letsencrypt", private_key_type: "ecdsa" },
    });
    expect(created.status).toBe(201);
    const rd = created.body;
    expect(rd.certificate).toBeNull();
    expect(rd.certificate_management_policy).toEqual({ authority: "letsencrypt", private_key_type: "ecdsa" });
    expect(rd.certificate_management_status).toEqual({
      renews_at: null,
      provisioning_job: { error_code: null, msg: "provisioning", started_at: expect.stringMatching(RFC3339_UTC), retries_at: null },
    });
    const done = await until(`/reserved_domains/${rd.id}`, issued);
    expect(done.certificate.id).toMatch(new RegExp(`^cert_${ID_SUFFIX}$`));
    const cert = (await api.get(`/tls_certificates/${done.certificate.id}`)).body;
    expect(cert).toMatchObject({
      subject_common_name: "managed.example.com",
      subject_alternative_names: { dns_names: ["managed.example.com"], ips: [] },
      private_key_type: "ecdsa",
      issuer_common_name: "Edge Ingress Emulator ACME CA",
      extended_key_usages: ["server_auth"],
    });
    expect(cert.issued_at).toMatch(RFC3339_UTC);
    expect(done.certificate_management_status.renews_at).toBe(
      new Date(Date.parse(cert.not_after) - 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
    );
    // The chain is real: the leaf is issued and signed by the CA that follows it.
    const [leaf, ca] = cert.certificate_pem
      .match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)
      .map((pem: string) => new X509Certificate(pem));
    expect(leaf.checkIssued(ca) && leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.checkHost("managed.example.com")).toBe("managed.example.com");

    // The issued certificate belongs to the domain: not deletable on its own, deleted with the domain.
    const refused = await api.unchanged(() => api.del(`/tls_certificates/${cert.id}`));
    expectError(refused, 409, "CONFLICT");
    expect(refused.body.details.in_use_by).toBe(rd.id);
    expect((await api.del(`/reserved_domains/${rd.id}`)).status).toBe(204);
    expectError(await api.get(`/tls_certificates/${cert.id}`), 404, "NOT_FOUND");
  });

  test("the policy defaults to the ACME authority and rsa keys", async () => {
    const rd = (await api.post("/reserved_domains", { domain: "rsa.example.com", certificate_management_policy: {} })).body;
    expect(rd.certificate_management_policy).toEqual({ authority: "letsencrypt", private_key_type: "rsa" });
    const done = await until(`/reserved_domains/${rd.id}`, issued);
    expect((await api.get(`/tls_certificates/${done.certificate.id}`)).body.private_key_type).toBe("rsa");
    await api.del(`/reserved_domains/${rd.id}`);
  });

  test("dns-error domains fail permanently with DNS_ERROR", async () => {
    const rd = (await api.post("/reserved_domains", { domain: "dns-error.example.com", certificate_management_policy: {} })).body;
    const failed = await until(`/reserved_domains/${rd.id}`, (r) => r.certificate_management_status.provisioning_job.error_code !== null);
    expect(failed.certificate_management_status.provisioning_job).toEqual({
      error_code: "DNS_ERROR",
      msg: expect.any(String),
      started_at: rd.certificate_management_status.provisioning_job.started_at,
      retries_at: null,
    });
    expect(failed.certificate).toBeNull();
    // Still failed on later reads: no retry happens.
    expect((await api.get(`/reserved_domains/${rd.id}`)).body).toEqual(failed);
    await api.del(`/reserved_domains/${rd.id}`);
  });

  test("flaky domains fail once with INTERNAL_ERROR and a retry time, then get their certificate", async () => {
    // Attempts take 300 ms here, so the failed state between the two attempts is seen by polling.
    const slow = await start({ provisioningDelayMs: 300 });
    try {
      const rd = (await slow.api.post("/reserved_domains", { domain: "flaky.example.com", certificate_management_policy: {} })).body;
      const failed = await until(
        `/reserved_domains/${rd.id}`,
        (r) => r.certificate_management_status.provisioning_job?.error_code === "INTERNAL_ERROR",
        slow.api,
      );
      expect(failed.certificate_management_status.provisioning_job).toEqual({
        error_code: "INTERNAL_ERROR",
        msg: expect.any(String),
        started_at: rd.certificate_management_status.provisioning_job.started_at,
        retries_at: expect.stringMatching(RFC3339_UTC),
      });
      expect(failed.certificate).toBeNull();
      const done = await until(`/reserved_domains/${rd.id}`, issued, slow.api);
      expect(done.certificate.id).toMatch(new RegExp(`^cert_${ID_SUFFIX}$`));
    } finally {
      await slow.emulator.close();
    }
  });

  test("an ACME authority other than letsencrypt, the old placeholder among them, is refused, and the error names the one", async () => {
    for (const authority of ["public-acme", "zerossl", "LetsEncrypt"]) {
      const reply = await api.unchanged(() =>
        api.post("/reserved_domains", { domain: "acme.example.com", certificate_management_policy: { authority } }),
      );
      expectError(reply, 400, "INVALID_FIELD", "certificate_management_policy.authority");
      expect(reply.body.msg).toContain("must be letsencrypt, the one ACME authority the service supports");
    }
  });

  test("switching between uploaded and managed certificates", async () => {
    const rd = (await api.post("/reserved_domains", { domain: "switch.example.com", certificate_management_policy: {} })).body;
    const managed = await until(`/reserved_domains/${rd.id}`, issued);
    const cert = await upload("switch.example.com");
    // Setting one does not clear the other.
    const both = await api.unchanged(() => api.patch(`/reserved_domains/${rd.id}`, { certificate_id: cert.id }));
    expectError(both, 400, "INVALID_FIELD", "certificate_id");
    const uploaded = await api.patch(`/reserved_domains/${rd.id}`, { certificate_id: cert.id, certificate_management_policy: null });
    expect(uploaded.body).toMatchObject({
      certificate: { id: cert.id },
      certificate_management_policy: null,
      certificate_management_status: null,
    });
    // The managed certificate went with the policy.
    expectError(await api.get(`/tls_certificates/${managed.certificate.id}`), 404, "NOT_FOUND");
    // The uploaded one is in use now.
    expectError(await api.unchanged(() => api.del(`/tls_certificates/${cert.id}`)), 409, "CONFLICT");

    const back = await api.patch(`/reserved_domains/${rd.id}`, {
      certificate_id: null,
      certificate_management_policy: { private_key_type: "ecdsa" },
    });
    expect(back.body.certificate).toBeNull();
    expect(back.body.certificate_management_status.provisioning_job.msg).toBe("provisioning");
    const reissued = await until(`/reserved_domains/${rd.id}`, issued);
    expect((await api.get(`/tls_certificates/${reissued.certificate.id}`)).body.private_key_type).toBe("ecdsa");
    expect((await api.del(`/tls_certificates/${cert.id}`)).status).toBe(204);
    await api.del(`/reserved_domains/${rd.id}`);
  });

  describe("rejections leave state unchanged", () => {
    let cert: any;
    let managedCert: string;
    let taken: any;
    beforeAll(async () => {
      cert = await upload();
      taken = (await api.post("/reserved_domains", { domain: "taken.example.com", certificate_management_policy: {} })).body;
      managedCert = (await until(`/reserved_domains/${taken.id}`, issued)).certificate.id;
    });

    test.each<[string, () => Record<string, unknown>, string, string]>([
      ["missing domain", () => ({}), "MISSING_FIELD", "domain"],
      ["upper-case domain", () => ({ domain: "App.example.com" }), "INVALID_FIELD", "domain"],
      ["domain with a port", () => ({ domain: "app.example.com:443" }), "INVALID_FIELD", "domain"],
      ["wildcard not in front", () => ({ domain: "a.*.example.com" }), "INVALID_FIELD", "domain"],
      ["unknown region", () => ({ domain: "r.example.com", region: "mars" }), "INVALID_FIELD", "region"],
      [
        "unknown certificate",
        () => ({ domain: "c.example.com", certificate_id: "cert_00000000000000000000000000" }),
        "INVALID_FIELD",
        "certificate_id",
      ],
      ["an empty certificate_id", () => ({ domain: "c.example.com", certificate_id: "" }), "INVALID_FIELD", "certificate_id"],
      [
        "a managed certificate of another domain",
        () => ({ domain: "c.example.com", certificate_id: managedCert }),
        "INVALID_FIELD",
        "certificate_id",
      ],
      [
        "both certificate_id and a policy",
        () => ({ domain: "c.example.com", certificate_id: cert.id, certificate_management_policy: {} }),
        "INVALID_FIELD",
        "certificate_management_policy",
      ],
      [
        "vendor authority",
        () => ({ domain: "c.example.com", certificate_management_policy: { authority: "other" } }),
        "INVALID_FIELD",
        "certificate_management_policy.authority",
      ],
      [
        "ed25519 managed key",
        () => ({ domain: "c.example.com", certificate_management_policy: { private_key_type: "ed25519" } }),
        "INVALID_FIELD",
        "certificate_management_policy.private_key_type",
      ],
      ["metadata over 4096 bytes", () => ({ domain: "c.example.com", metadata: "x".repeat(4097) }), "INVALID_FIELD", "metadata"],
      ["read-only cname_target", () => ({ domain: "c.example.com", cname_target: null }), "UNKNOWN_FIELD", "cname_target"],
    ])("%s", async (_name, json, code, field) => {
      expectError(await api.unchanged(() => api.post("/reserved_domains", json())), 400, code, field);
    });

    test("a domain already reserved is a 409 naming the holder", async () => {
      const reply = await api.unchanged(() => api.post("/reserved_domains", { domain: "taken.example.com" }));
      expectError(reply, 409, "CONFLICT");
      expect(reply.body.details).toMatchObject({ field: "domain", in_use_by: taken.id });
      expect(reply.body.msg).toContain(taken.id);
    });

    test("PATCH: domain and region are immutable; both certificate kinds at once are refused", async () => {
      for (const [field, value] of [
        ["domain", "taken.example.com"],
        ["region", "eu"],
      ]) {
        expectError(
          await api.unchanged(() => api.patch(`/reserved_domains/${taken.id}`, { [field]: value })),
          400,
          "IMMUTABLE_FIELD",
          field,
        );
      }
      expectError(
        await api.unchanged(() =>
          api.patch(`/reserved_domains/${taken.id}`, { certificate_id: cert.id, certificate_management_policy: {} }),
        ),
        400,
        "INVALID_FIELD",
        "certificate_management_policy",
      );
      expectError(
        await api.unchanged(() =>
          api.patch(`/reserved_domains/${taken.id}`, {
            certificate_id: "cert_00000000000000000000000000",
            certificate_management_policy: null,
          }),
        ),
        400,
        "INVALID_FIELD",
        "certificate_id",
      );
    });

    test("PATCH checks certificate_id as create does: an empty one is refused, not stored as a reference to nothing", async () => {
      const plain = (await api.post("/reserved_domains", { domain: "plain.example.com" })).body;
      expectError(
        await api.unchanged(() => api.patch(`/reserved_domains/${plain.id}`, { certificate_id: "" })),
        400,
        "INVALID_FIELD",
        "certificate_id",
      );
      expectError(
        await api.unchanged(() => api.patch(`/reserved_domains/${taken.id}`, { certificate_id: "", certificate_management_policy: null })),
        400,
        "INVALID_FIELD",
        "certificate_id",
      );
      expect((await api.get(`/reserved_domains/${plain.id}`)).body.certificate).toBeNull();
    });
  });
});

describe("reserved domains with another base domain", () => {
  test("subdomains of the configured base domain are service-owned; targets use it", async () => {
    const other = await start({ baseDomain: "tunnels.test", provisioningDelayMs: 0 });
    try {
      const owned = (await other.api.post("/reserved_domains", { domain: "a.tunnels.test" })).body;
      expect(owned.cname_target).toBeNull();
      const custom = (await other.api.post("/reserved_domains", { domain: "*.example.net" })).body;
      expect(custom.cname_target).toMatch(/^[a-z2-7]{16}\.cname\.tunnels\.test$/);
      expect(custom.acme_challenge_cname_target).toMatch(/^[a-z2-7]{16}\.acme\.tunnels\.test$/);
      const notOwned = (await other.api.post("/reserved_domains", { domain: "a.edge-ingress.app" })).body;
      expect(notOwned.cname_target).not.toBeNull();
    } finally {
      await other.emulator.close();
    }
  });

  test("bad settings are refused at start", async () => {
    await expect(start({ baseDomain: "*.x.test" })).rejects.toThrow(/baseDomain/);
    await expect(start({ provisioningDelayMs: -1 })).rejects.toThrow(/provisioningDelayMs/);
  });

  test("odd values in every field are answered without a 5xx", async () => {
    const { emulator: other, api: client } = await start({ provisioningDelayMs: 0 });
    try {
      const body = {
        domain: "odd.example.com",
        region: "eu",
        description: "d",
        certificate_management_policy: { authority: "letsencrypt", private_key_type: "rsa" },
      };
      expect(await sendOddValues(body, (b) => client.post("/reserved_domains", b))).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
