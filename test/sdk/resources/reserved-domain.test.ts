/** Reserved domains: wire shape (null clears on update), domain and policy rules, the exclusive certificate choice. */
import {
  BadRequestError,
  ConflictError,
  EXCLUSIVE_CERTIFICATE_RULE,
  NotFoundError,
  type EdgeIngress,
  type ReservedDomain,
} from "../../../sdk";
import { chain, privateKeyPem } from "../../support/pki";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";
import { useWire } from "../wire-fixture";
import { list, samples } from "../wire-samples";

const wire = useWire();
const AUTHORITY_RULE = "must be letsencrypt, the ACME authority the service supports";
const policy = { authority: "letsencrypt", privateKeyType: "ecdsa" } as const;

describe("on the wire", () => {
  test("create, get, update, list and delete use /reserved_domains", async () => {
    const { reservedDomains } = wire.client;
    wire.reply(201, samples.reservedDomain());
    const created = await reservedDomains.create({ domain: "app.example.com", certificateManagementPolicy: policy, region: "eu" });
    expect(wire.last()).toEqual({
      method: "POST",
      path: "/reserved_domains",
      body: {
        domain: "app.example.com",
        certificate_management_policy: { authority: "letsencrypt", private_key_type: "ecdsa" },
        region: "eu",
      },
    });
    expect(created).toEqual({
      id: "rd_1",
      uri: expect.any(String),
      createdAt: expect.any(String),
      description: "",
      metadata: "",
      domain: "app.example.com",
      region: "",
      cnameTarget: "abcdefghijklmnop.cname.edge-ingress.app",
      httpEndpointConfiguration: null,
      httpsEndpointConfiguration: null,
      certificate: null,
      certificateManagementPolicy: null,
      certificateManagementStatus: null,
      acmeChallengeCnameTarget: null,
    });

    wire.reply(200, samples.reservedDomain());
    await reservedDomains.get("rd_1");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/reserved_domains/rd_1" });

    // Switching to an uploaded certificate: the policy is cleared with an explicit null.
    await reservedDomains.update("rd_1", { certificateId: "cert_1", certificateManagementPolicy: null });
    expect(wire.last()).toEqual({
      method: "PATCH",
      path: "/reserved_domains/rd_1",
      body: { certificate_id: "cert_1", certificate_management_policy: null },
    });

    wire.reply(200, list("reserved_domains", [samples.reservedDomain()]));
    expect(await reservedDomains.list().toArray()).toHaveLength(1);
    expect(wire.last()).toMatchObject({ method: "GET", path: "/reserved_domains" });

    wire.reply(204);
    await reservedDomains.delete("rd_1");
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/reserved_domains/rd_1" });
  });

  test("a managed domain reads its policy, status and provisioning job", async () => {
    const status = {
      renews_at: null,
      provisioning_job: {
        error_code: "INTERNAL_ERROR",
        msg: "provisioning",
        started_at: "2025-01-01T00:00:00Z",
        retries_at: "2025-01-01T00:01:00Z",
      },
    };
    wire.reply(
      200,
      samples.reservedDomain({
        certificate_management_policy: { authority: "letsencrypt", private_key_type: "rsa" },
        certificate_management_status: status,
        region: null,
      }),
    );
    expect(await wire.client.reservedDomains.get("rd_1")).toMatchObject({
      region: "",
      certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "rsa" },
      certificateManagementStatus: {
        renewsAt: null,
        provisioningJob: {
          errorCode: "INTERNAL_ERROR",
          msg: "provisioning",
          startedAt: "2025-01-01T00:00:00Z",
          retriesAt: "2025-01-01T00:01:00Z",
        },
      },
    });
  });

  test("absent optional objects read as null", async () => {
    const {
      certificate: _c,
      cname_target: _t,
      acme_challenge_cname_target: _a,
      certificate_management_status: _s,
      ...bare
    } = samples.reservedDomain();
    wire.reply(200, bare);
    expect(await wire.client.reservedDomains.get("rd_1")).toMatchObject({
      certificate: null,
      cnameTarget: null,
      acmeChallengeCnameTarget: null,
      certificateManagementStatus: null,
    });
  });
});

describe("client-side validation", () => {
  const DOMAIN = "must be a lowercase DNS name (optionally *. in front) of at most 253 characters";
  test.each([
    ["no domain", {}, "domain", "is required"],
    ["an uppercase domain", { domain: "App.example.com" }, "domain", DOMAIN],
    ["a trailing dot", { domain: "app.example.com." }, "domain", DOMAIN],
    ["a wildcard not in front", { domain: "app.*.example.com" }, "domain", DOMAIN],
    ["a URL", { domain: "https://app.example.com" }, "domain", DOMAIN],
    ["a 254-character domain", { domain: `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(62)}` }, "domain", DOMAIN],
    ["an unknown region", { domain: "a.example.com", region: "mars" }, "region", "must be one of au, eu, ap, us, jp, in, sa"],
    [
      "a certificate id of another kind",
      { domain: "a.example.com", certificateId: "ca_1" },
      "certificateId",
      'must be an id starting with "cert_"',
    ],
    [
      "an authority that is not an identifier",
      { domain: "a.example.com", certificateManagementPolicy: { authority: "Public ACME" } },
      "certificateManagementPolicy.authority",
      AUTHORITY_RULE,
    ],
    [
      "the emulator's old placeholder authority",
      { domain: "a.example.com", certificateManagementPolicy: { authority: "public-acme" } },
      "certificateManagementPolicy.authority",
      AUTHORITY_RULE,
    ],
    [
      "another ACME authority",
      { domain: "a.example.com", certificateManagementPolicy: { authority: "zerossl" } },
      "certificateManagementPolicy.authority",
      AUTHORITY_RULE,
    ],
    [
      "a policy without authority",
      { domain: "a.example.com", certificateManagementPolicy: {} },
      "certificateManagementPolicy.authority",
      "is required",
    ],
    [
      "an Ed25519 managed key",
      { domain: "a.example.com", certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "ed25519" } },
      "certificateManagementPolicy.privateKeyType",
      "must be one of rsa, ecdsa",
    ],
    [
      "both certificate choices",
      { domain: "a.example.com", certificateId: "cert_1", certificateManagementPolicy: policy },
      "certificateManagementPolicy",
      EXCLUSIVE_CERTIFICATE_RULE,
    ],
    [
      "a 4097-byte metadata",
      { domain: "a.example.com", metadata: "m".repeat(4097) },
      "metadata",
      "must be at most 4096 bytes (UTF-8), got 4097 bytes",
    ],
  ])("create with %s", async (_label, params, field, rule) => {
    const before = wire.count();
    await expectInvalid(wire.client.reservedDomains.create(params as never), field, rule);
    expect(wire.count()).toBe(before);
  });

  test("an authority the emulator does not know is sent as it is: the API text does not name it, the service decides", async () => {
    wire.reply(201, samples.reservedDomain());
    await wire.client.reservedDomains.create({ domain: "a.example.com", certificateManagementPolicy: { authority: "letsencrypt" } });
    expect(wire.last().body).toMatchObject({ certificate_management_policy: { authority: "letsencrypt" } });
  });

  test("a wildcard domain is accepted", async () => {
    wire.reply(201, samples.reservedDomain({ domain: "*.example.com" }));
    await wire.client.reservedDomains.create({ domain: "*.example.com" });
    expect(wire.last().body).toEqual({ domain: "*.example.com" });
  });

  test.each([
    ["the domain", { domain: "b.example.com" }, "domain", "cannot be changed after creation"],
    ["the region", { region: "eu" }, "region", "cannot be changed after creation"],
    [
      "both certificate choices",
      { certificateId: "cert_1", certificateManagementPolicy: policy },
      "certificateManagementPolicy",
      EXCLUSIVE_CERTIFICATE_RULE,
    ],
  ])("update with %s", async (_label, params, field, rule) => {
    await expectInvalid(wire.client.reservedDomains.update("rd_1", params as never), field, rule);
  });

  test("update may clear both choices with null", async () => {
    wire.reply(200, samples.reservedDomain());
    await wire.client.reservedDomains.update("rd_1", { certificateId: null, certificateManagementPolicy: null });
    expect(wire.last().body).toEqual({ certificate_id: null, certificate_management_policy: null });
  });
});

describe("against the emulator", () => {
  // Certificates are issued 20 ms after a policy is set (the emulator's option; the default is 1 s).
  const emu = useEmulator({ provisioningDelayMs: 20 });
  const BASE = "edge-ingress.app";

  /** Reads the domain until `done` holds; provisioning runs in the background, so this polls. */
  async function until(client: EdgeIngress, id: string, done: (d: ReservedDomain) => boolean): Promise<ReservedDomain> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const domain = await client.reservedDomains.get(id);
      if (done(domain)) return domain;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`reserved domain ${id} did not reach the expected state`);
  }
  const issued = (d: ReservedDomain) => d.certificate !== null && d.certificateManagementStatus?.provisioningJob === null;

  async function uploaded(domain: string) {
    const c = chain({ dnsNames: [domain] });
    return emu.client.tlsCertificates.create({ certificatePem: c.chainPem, privateKeyPem: privateKeyPem(c.leaf.privateKey) });
  }

  test("a custom domain: CNAME target, no certificate; get, update, list, delete", async () => {
    const { reservedDomains } = emu.client;
    const created = await reservedDomains.create({ domain: "app.example.com", description: "app" });
    expect(created).toEqual({
      id: expect.stringMatching(/^rd_/),
      uri: expect.stringContaining(created.id),
      createdAt: expect.any(String),
      description: "app",
      metadata: "",
      domain: "app.example.com",
      region: "",
      cnameTarget: expect.stringMatching(new RegExp(`^[a-z2-7]{16}\\.cname\\.${BASE.replace(".", "\\.")}$`)),
      httpEndpointConfiguration: null,
      httpsEndpointConfiguration: null,
      certificate: null,
      certificateManagementPolicy: null,
      certificateManagementStatus: null,
      acmeChallengeCnameTarget: null,
    });
    await expect(reservedDomains.get(created.id)).resolves.toEqual(created);

    const updated = await reservedDomains.update(created.id, { metadata: "m" });
    expect(updated).toEqual({ ...created, metadata: "m" });
    expect(await reservedDomains.list().toArray()).toContainEqual(updated);

    await reservedDomains.delete(created.id);
    await expectApiError(reservedDomains.get(created.id), NotFoundError, "NOT_FOUND");
    // The CNAME target is stable per domain.
    const again = await reservedDomains.create({ domain: "app.example.com" });
    expect(again.cnameTarget).toBe(created.cnameTarget);
  });

  test("wildcards and the service's own subdomains", async () => {
    const { reservedDomains } = emu.client;
    const wildcard = await reservedDomains.create({ domain: "*.wild.example.com", region: "eu" });
    expect(wildcard).toMatchObject({
      region: "eu",
      cnameTarget: expect.stringMatching(/\.cname\./),
      acmeChallengeCnameTarget: expect.stringMatching(new RegExp(`\\.acme\\.${BASE.replace(".", "\\.")}$`)),
    });
    expect(await reservedDomains.create({ domain: `shop.${BASE}` })).toMatchObject({ cnameTarget: null, acmeChallengeCnameTarget: null });
    expect(await reservedDomains.create({ domain: `*.team.${BASE}` })).toMatchObject({ cnameTarget: null, acmeChallengeCnameTarget: null });
  });

  test("a domain already reserved → ConflictError", async () => {
    await emu.client.reservedDomains.create({ domain: "taken.example.com" });
    await expectApiError(emu.client.reservedDomains.create({ domain: "taken.example.com" }), ConflictError, "CONFLICT", "domain");
  });

  test("an uploaded certificate: referenced, and in use while referenced", async () => {
    const cert = await uploaded("upload.example.com");
    const domain = await emu.client.reservedDomains.create({ domain: "upload.example.com", certificateId: cert.id });
    expect(domain.certificate).toEqual({ id: cert.id, uri: expect.stringContaining(cert.id) });
    expect(domain.certificateManagementPolicy).toBeNull();
    await expectApiError(emu.client.tlsCertificates.delete(cert.id), ConflictError, "CONFLICT");

    const cleared = await emu.client.reservedDomains.update(domain.id, { certificateId: null });
    expect(cleared.certificate).toBeNull();
    await emu.client.tlsCertificates.delete(cert.id);
  });

  test("a managed certificate: provisioning, then a real issued certificate for the domain", async () => {
    const created = await emu.client.reservedDomains.create({
      domain: "managed.example.com",
      certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "ecdsa" },
    });
    expect(created.certificateManagementPolicy).toEqual({ authority: "letsencrypt", privateKeyType: "ecdsa" });
    expect(created.certificateManagementStatus?.provisioningJob).toEqual({
      errorCode: null,
      msg: "provisioning",
      startedAt: expect.any(String),
      retriesAt: null,
    });

    const done = await until(emu.client, created.id, issued);
    const certificate = await emu.client.tlsCertificates.get(done.certificate?.id ?? "");
    expect(certificate).toMatchObject({
      issuedAt: expect.any(String),
      privateKeyType: "ecdsa",
      subjectAlternativeNames: { dnsNames: ["managed.example.com"], ips: [] },
    });
    expect(Date.parse(done.certificateManagementStatus?.renewsAt ?? "")).toBe(Date.parse(certificate.notAfter) - 30 * 86_400_000);

    // The issued certificate belongs to the domain: deleted with it.
    await emu.client.reservedDomains.delete(created.id);
    await expectApiError(emu.client.tlsCertificates.get(certificate.id), NotFoundError, "NOT_FOUND");
  });

  test("the managed key type defaults to RSA", async () => {
    const created = await emu.client.reservedDomains.create({
      domain: "rsa.example.com",
      certificateManagementPolicy: { authority: "letsencrypt" },
    });
    expect(created.certificateManagementPolicy).toEqual({ authority: "letsencrypt", privateKeyType: "rsa" });
    const done = await until(emu.client, created.id, issued);
    expect((await emu.client.tlsCertificates.get(done.certificate?.id ?? "")).privateKeyType).toBe("rsa");
  });

  test("switching from managed to uploaded replaces the issued certificate", async () => {
    const created = await emu.client.reservedDomains.create({
      domain: "switch.example.com",
      certificateManagementPolicy: { authority: "letsencrypt" },
    });
    const managed = await until(emu.client, created.id, issued);
    const cert = await uploaded("switch.example.com");
    const switched = await emu.client.reservedDomains.update(created.id, { certificateId: cert.id, certificateManagementPolicy: null });
    expect(switched).toMatchObject({ certificate: { id: cert.id }, certificateManagementPolicy: null, certificateManagementStatus: null });
    await expectApiError(emu.client.tlsCertificates.get(managed.certificate?.id ?? ""), NotFoundError, "NOT_FOUND");
  });

  test("a DNS failure is permanent: DNS_ERROR, no retry, no certificate", async () => {
    const created = await emu.client.reservedDomains.create({
      domain: "dns-error.example.com",
      certificateManagementPolicy: { authority: "letsencrypt" },
    });
    const failed = await until(emu.client, created.id, (d) => d.certificateManagementStatus?.provisioningJob?.errorCode != null);
    expect(failed.certificate).toBeNull();
    expect(failed.certificateManagementStatus?.provisioningJob).toMatchObject({ errorCode: "DNS_ERROR", retriesAt: null });
  });

  test("a temporary failure is retried until the certificate is issued", async () => {
    const created = await emu.client.reservedDomains.create({
      domain: "flaky.example.com",
      certificateManagementPolicy: { authority: "letsencrypt" },
    });
    const done = await until(emu.client, created.id, issued);
    expect(done.certificate?.id).toMatch(/^cert_/);
  });

  describe("the service's own checks (client validation bypassed)", () => {
    test("both certificate choices → BadRequestError", async () => {
      const cert = await uploaded("both.example.com");
      const body = { domain: "both.example.com", certificateId: cert.id, certificateManagementPolicy: { authority: "letsencrypt" } };
      await expectApiError(emu.client.post("/reserved_domains", { body }), BadRequestError, "INVALID_FIELD");
    });

    test("an uppercase domain → BadRequestError INVALID_FIELD on domain", async () => {
      await expectApiError(
        emu.client.post("/reserved_domains", { body: { domain: "Upper.example.com" } }),
        BadRequestError,
        "INVALID_FIELD",
        "domain",
      );
    });

    test("a certificate that does not exist → BadRequestError INVALID_FIELD on certificateId", async () => {
      await expectApiError(
        emu.client.reservedDomains.create({ domain: "nocert.example.com", certificateId: "cert_00000000000000000000000000" }),
        BadRequestError,
        "INVALID_FIELD",
        "certificateId",
      );
    });

    test("the domain on update → BadRequestError IMMUTABLE_FIELD", async () => {
      const { id } = await emu.client.reservedDomains.create({ domain: "fixed.example.com" });
      await expectApiError(
        emu.client.patch(`/reserved_domains/${id}`, { body: { domain: "other.example.com" } }),
        BadRequestError,
        "IMMUTABLE_FIELD",
        "domain",
      );
    });
  });
});
