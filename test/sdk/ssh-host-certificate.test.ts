/** SSH host certificates: wire shape, no options or extensions, validity order. */
import { VALIDITY_ORDER_RULE } from "../../sdk";
import { SSH_KEY_TYPE_RULE } from "../../sdk/core/crypto";
import { sshPublicKey } from "./crypto-fixture";
import { expectInvalid } from "./emulator-fixture";
import { useWire } from "./wire-fixture";
import { list, samples } from "./wire-samples";

const wire = useWire();
const publicKey = sshPublicKey("rsa");
const base = { sshCertificateAuthorityId: "sshca_1", publicKey };

describe("on the wire", () => {
  test("create, get, update, list and delete use /ssh_host_certificates", async () => {
    const { sshHostCertificates } = wire.client;
    wire.reply(201, samples.sshHostCertificate());
    const created = await sshHostCertificates.create({ ...base, principals: ["host.example.com", "10.0.0.1"], validUntil: "2026-01-01T00:00:00Z" });
    expect(wire.last()).toEqual({
      method: "POST",
      path: "/ssh_host_certificates",
      body: { ssh_certificate_authority_id: "sshca_1", public_key: publicKey, principals: ["host.example.com", "10.0.0.1"], valid_until: "2026-01-01T00:00:00Z" },
    });
    expect(created).toEqual({
      id: "shcrt_1",
      uri: expect.any(String),
      createdAt: expect.any(String),
      description: "",
      metadata: "",
      publicKey: "ssh-ed25519 AAAA",
      keyType: "ed25519",
      sshCertificateAuthorityId: "sshca_1",
      principals: ["host.example.com"],
      validAfter: expect.any(String),
      validUntil: expect.any(String),
      certificate: expect.any(String),
    });

    wire.reply(200, samples.sshHostCertificate());
    await sshHostCertificates.get("shcrt_1");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/ssh_host_certificates/shcrt_1" });
    await sshHostCertificates.update("shcrt_1", { description: "web" });
    expect(wire.last()).toEqual({ method: "PATCH", path: "/ssh_host_certificates/shcrt_1", body: { description: "web" } });

    wire.reply(200, list("ssh_host_certificates", [samples.sshHostCertificate()]));
    expect(await sshHostCertificates.list().toArray()).toHaveLength(1);

    wire.reply(204);
    await sshHostCertificates.delete("shcrt_1");
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/ssh_host_certificates/shcrt_1" });
  });
});

describe("client-side validation", () => {
  test.each([
    ["critical options", { ...base, criticalOptions: {} }, "criticalOptions", "is not a known field"],
    ["extensions", { ...base, extensions: {} }, "extensions", "is not a known field"],
    ["a DSA key", { ...base, publicKey: sshPublicKey("dsa") }, "publicKey", SSH_KEY_TYPE_RULE],
    ["validUntil before validAfter", { ...base, validAfter: "2025-06-01T00:00:00Z", validUntil: "2025-01-01T00:00:00Z" }, "validUntil", VALIDITY_ORDER_RULE],
    ["principals as a string", { ...base, principals: "host" }, "principals", "must be a list of strings"],
  ])("create with %s", async (_label, params, field, rule) => {
    const before = wire.count();
    await expectInvalid(wire.client.sshHostCertificates.create(params as never), field, rule);
    expect(wire.count()).toBe(before);
  });

  test("update: the signed fields cannot change after creation", async () => {
    await expectInvalid(wire.client.sshHostCertificates.update("shcrt_1", { principals: [] } as never), "principals", "cannot be changed after creation");
    await expectInvalid(wire.client.sshHostCertificates.update("shcrt_1", { validUntil: "2026-01-01T00:00:00Z" } as never), "validUntil", "cannot be changed after creation");
  });
});
