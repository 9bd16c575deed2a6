/** Certificate authorities and TLS certificates through the real engine (more kinds join as the emulator grows). */
import * as path from "node:path";
import { certificate, chain, privateKeyPem } from "../support/pki";
import { expectCheckFailure, expectSuccess, useEngineStack } from "../support/engine-stack";

interface Res {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}
const fx = useEngineStack<{ resources: Res[] }>(path.join(__dirname, "..", "fixtures", "edges"), "edges");
const ca = certificate({ subject: { CN: "Clients CA" }, ca: true, keyUsages: ["cert_sign"], keyType: "rsa" });
const { chainPem, leaf } = chain({ subject: { CN: "app.example.com" }, dnsNames: ["app.example.com"] });
const KEY = privateKeyPem(leaf.privateKey);
const keyLine = KEY.split("\n")[1];

const resources = (cert: Record<string, unknown> = {}, caPem = ca.pem): Res[] => [
  { kind: "CertificateAuthority", name: "clients", args: { caPem } },
  { kind: "TlsCertificate", name: "app", args: { certificatePem: chainPem, privateKeyPem: "secret:key", ...cert } },
  { kind: "TlsEdge", name: "tls", args: { hostports: ["mtls.example.com:443"], mutualTls: { certificateAuthorityIds: ["@clients"] } } },
  { kind: "ReservedDomain", name: "app-domain", args: { domain: "app.example.com", certificateId: "@app" } },
  { kind: "ReservedDomain", name: "managed", args: { domain: "shop.example.com", certificateManagementPolicy: { authority: "public-acme" } } },
];

describe("certificates on the real engine", () => {
  const ids = async () => (await fx.outputs()).ids as Record<string, string>;

  test("up uploads a CA used by a mutual TLS module and a certificate with its key; no diff after, refreshed or not", async () => {
    await fx.stack.setConfig("secrets", { value: JSON.stringify({ key: KEY }), secret: true });
    await fx.setSpec({ resources: resources() });
    expectSuccess(await fx.stack.up());
    const out = await ids();
    expect((await fx.client.tlsCertificates.get(out.app)).subjectCommonName).toBe("app.example.com");
    expect((await fx.client.tlsEdges.get(out.tls)).mutualTls?.certificateAuthorities.map((r) => r.id)).toEqual([out.clients]);
    expect((await fx.client.reservedDomains.get(out["app-domain"])).certificate?.id).toBe(out.app);
    const managed = await fx.client.reservedDomains.get(out.managed);
    expect(managed.cnameTarget).toEqual(expect.any(String));
    // The key is write-only: a refresh cannot see it and must not call that drift.
    expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
  });

  test("the private key is never in plain text in state", async () => {
    const state = await fx.stack.exportState();
    expect(state.raw).not.toContain(keyLine);
    const cert = state.resources.find((r) => r.urn === fx.urn("TlsCertificate", "app"))!;
    expect(cert.inputs!.privateKeyPem).toHaveProperty("ciphertext");
    expect(cert.outputs!.privateKeyPem).toHaveProperty("ciphertext");
  });

  test("description changes in place; a new CA PEM replaces the CA and the edge follows it", async () => {
    const before = await ids();
    const other = certificate({ subject: { CN: "Clients CA 2" }, ca: true, keyType: "rsa" });
    await fx.setSpec({ resources: resources({ description: "web" }, other.pem) });
    const preview = await fx.stack.preview();
    expect(preview.ops[fx.urn("TlsCertificate", "app")]).toEqual(["update"]);
    expect(preview.ops[fx.urn("CertificateAuthority", "clients")]).toEqual(["replace"]);
    expectSuccess(await fx.stack.up());
    const after = await ids();
    expect(after.app).toBe(before.app);
    expect(after.clients).not.toBe(before.clients);
    expect((await fx.client.tlsEdges.get(after.tls)).mutualTls?.certificateAuthorities.map((r) => r.id)).toEqual([after.clients]);
    await expect(fx.client.certificateAuthorities.get(before.clients)).rejects.toMatchObject({ status: 404 });
  });

  test("an out-of-band edit and a deleted reservation are reported by preview --refresh and fixed by up --refresh", async () => {
    const out = await ids();
    await fx.client.tlsCertificates.update(out.app, { description: "by hand" });
    await fx.client.reservedDomains.delete(out["app-domain"]);
    const preview = await fx.stack.preview({ refresh: true });
    expect(preview.ops[fx.urn("TlsCertificate", "app")]).toEqual(["refresh", "update"]);
    expect(preview.ops[fx.urn("ReservedDomain", "app-domain")]).toEqual(["refresh", "create"]);
    expectSuccess(await fx.stack.up(["--refresh"]));
    expect((await fx.client.tlsCertificates.get(out.app)).description).toBe("web");
    expect((await fx.client.reservedDomains.get((await ids())["app-domain"])).certificate?.id).toBe(out.app);
  });

  test("a key that does not match the leaf fails at preview, naming the field and not printing the key", async () => {
    const otherKey = privateKeyPem(certificate().privateKey);
    await fx.stack.setConfig("secrets", { value: JSON.stringify({ key: otherKey }), secret: true });
    const result = await fx.stack.preview();
    expectCheckFailure(result, "privateKeyPem", /private key of the first \(leaf\) certificate/);
    expect(result.stdout + result.stderr).not.toContain(otherKey.split("\n")[1]);
    await fx.stack.setConfig("secrets", { value: JSON.stringify({ key: KEY }), secret: true });
  });

  test("a managed domain's issued certificate is an output; a new domain replaces the reservation", async () => {
    // Provisioning takes a second in the emulator: refresh reads the issued certificate.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expectSuccess(await fx.stack.refresh());
    const state = await fx.stack.exportState();
    const managed = state.resources.find((r) => r.urn === fx.urn("ReservedDomain", "managed"))!;
    expect(managed.outputs!.issuedCertificateId).toMatch(/^cert_/);
    expectSuccess(await fx.stack.preview({ expectNoChanges: true }));

    const before = await ids();
    await fx.setSpec({ resources: resources({ description: "web" }).map((r) => (r.name === "managed" ? { ...r, args: { ...r.args, domain: "store.example.com" } } : r)) });
    expect((await fx.stack.preview()).ops[fx.urn("ReservedDomain", "managed")]).toEqual(["replace"]);
    expectSuccess(await fx.stack.up());
    const after = await ids();
    expect((await fx.client.reservedDomains.get(after.managed)).domain).toBe("store.example.com");
    await expect(fx.client.reservedDomains.get(before.managed)).rejects.toMatchObject({ status: 404 });
  });

  test("destroy leaves no certificate behind", async () => {
    expectSuccess(await fx.stack.destroy());
    expect(await fx.client.reservedDomains.list().toArray()).toEqual([]);
    expect(await fx.client.tlsCertificates.list().toArray()).toEqual([]);
    expect(await fx.client.certificateAuthorities.list().toArray()).toEqual([]);
  });
});
