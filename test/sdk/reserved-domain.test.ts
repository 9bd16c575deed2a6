/** Reserved domains: wire shape (null clears on update), domain and policy rules, the exclusive certificate choice. */
import { EXCLUSIVE_CERTIFICATE_RULE } from "../../sdk";
import { expectInvalid } from "./emulator-fixture";
import { useWire } from "./wire-fixture";
import { list, samples } from "./wire-samples";

const wire = useWire();
const policy = { authority: "public-acme", privateKeyType: "ecdsa" } as const;

describe("on the wire", () => {
  test("create, get, update, list and delete use /reserved_domains", async () => {
    const { reservedDomains } = wire.client;
    wire.reply(201, samples.reservedDomain());
    const created = await reservedDomains.create({ domain: "app.example.com", certificateManagementPolicy: policy, region: "eu" });
    expect(wire.last()).toEqual({
      method: "POST",
      path: "/reserved_domains",
      body: { domain: "app.example.com", certificate_management_policy: { authority: "public-acme", private_key_type: "ecdsa" }, region: "eu" },
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
    expect(wire.last()).toEqual({ method: "PATCH", path: "/reserved_domains/rd_1", body: { certificate_id: "cert_1", certificate_management_policy: null } });

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
      provisioning_job: { error_code: "INTERNAL_ERROR", msg: "provisioning", started_at: "2025-01-01T00:00:00Z", retries_at: "2025-01-01T00:01:00Z" },
    };
    wire.reply(200, samples.reservedDomain({ certificate_management_policy: { authority: "public-acme", private_key_type: "rsa" }, certificate_management_status: status, region: null }));
    expect(await wire.client.reservedDomains.get("rd_1")).toMatchObject({
      region: "",
      certificateManagementPolicy: { authority: "public-acme", privateKeyType: "rsa" },
      certificateManagementStatus: {
        renewsAt: null,
        provisioningJob: { errorCode: "INTERNAL_ERROR", msg: "provisioning", startedAt: "2025-01-01T00:00:00Z", retriesAt: "2025-01-01T00:01:00Z" },
      },
    });
  });

  test("absent optional objects read as null", async () => {
    const { certificate: _c, cname_target: _t, acme_challenge_cname_target: _a, certificate_management_status: _s, ...bare } = samples.reservedDomain();
    wire.reply(200, bare);
    expect(await wire.client.reservedDomains.get("rd_1")).toMatchObject({ certificate: null, cnameTarget: null, acmeChallengeCnameTarget: null, certificateManagementStatus: null });
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
    ["a certificate id of another kind", { domain: "a.example.com", certificateId: "ca_1" }, "certificateId", 'must be an id starting with "cert_"'],
    ["an unknown authority", { domain: "a.example.com", certificateManagementPolicy: { authority: "other" } }, "certificateManagementPolicy.authority", "must be one of public-acme"],
    ["a policy without authority", { domain: "a.example.com", certificateManagementPolicy: {} }, "certificateManagementPolicy.authority", "is required"],
    [
      "an Ed25519 managed key",
      { domain: "a.example.com", certificateManagementPolicy: { authority: "public-acme", privateKeyType: "ed25519" } },
      "certificateManagementPolicy.privateKeyType",
      "must be one of rsa, ecdsa",
    ],
    ["both certificate choices", { domain: "a.example.com", certificateId: "cert_1", certificateManagementPolicy: policy }, "certificateManagementPolicy", EXCLUSIVE_CERTIFICATE_RULE],
    ["a 4097-byte metadata", { domain: "a.example.com", metadata: "m".repeat(4097) }, "metadata", "must be at most 4096 bytes (UTF-8)"],
  ])("create with %s", async (_label, params, field, rule) => {
    const before = wire.count();
    await expectInvalid(wire.client.reservedDomains.create(params as never), field, rule);
    expect(wire.count()).toBe(before);
  });

  test("a wildcard domain is accepted", async () => {
    wire.reply(201, samples.reservedDomain({ domain: "*.example.com" }));
    await wire.client.reservedDomains.create({ domain: "*.example.com" });
    expect(wire.last().body).toEqual({ domain: "*.example.com" });
  });

  test.each([
    ["the domain", { domain: "b.example.com" }, "domain", "cannot be changed after creation"],
    ["the region", { region: "eu" }, "region", "cannot be changed after creation"],
    ["both certificate choices", { certificateId: "cert_1", certificateManagementPolicy: policy }, "certificateManagementPolicy", EXCLUSIVE_CERTIFICATE_RULE],
  ])("update with %s", async (_label, params, field, rule) => {
    await expectInvalid(wire.client.reservedDomains.update("rd_1", params as never), field, rule);
  });

  test("update may clear both choices with null", async () => {
    wire.reply(200, samples.reservedDomain());
    await wire.client.reservedDomains.update("rd_1", { certificateId: null, certificateManagementPolicy: null });
    expect(wire.last().body).toEqual({ certificate_id: null, certificate_management_policy: null });
  });
});
