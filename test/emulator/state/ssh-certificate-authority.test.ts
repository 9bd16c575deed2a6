import sshpk from "sshpk";
import { useEmulator } from "../../support/emulator";
import { expectError, sendOddValues } from "../support";

const emu = useEmulator();
const { api } = emu;

describe("SSH certificate authorities", () => {
  test("create makes a key pair; the private key is never returned", async () => {
    const created = await api.post("/ssh_certificate_authorities", { description: "ops", metadata: "m", private_key_type: "ed25519" });
    expect(created.status).toBe(201);
    const ca = created.body;
    expect(Object.keys(ca)).toEqual(["id", "uri", "created_at", "description", "metadata", "public_key", "key_type"]);
    expect(ca).toMatchObject({ description: "ops", metadata: "m", key_type: "ed25519" });
    expect(ca.public_key).toMatch(/^ssh-ed25519 [A-Za-z0-9+/=]+$/);
    expect(sshpk.parseKey(ca.public_key, "ssh").type).toBe("ed25519");
    const listed = await api.get("/ssh_certificate_authorities");
    const updated = await api.patch(`/ssh_certificate_authorities/${ca.id}`, { description: "d2" });
    for (const reply of [created, listed, updated]) expect(reply.text).not.toMatch(/PRIVATE KEY|private_key_pem/);
  });

  test.each([
    [{ private_key_type: "rsa", key_size: 2048 }, "rsa", 2048, "ssh-rsa"],
    [{ private_key_type: "rsa" }, "rsa", 4096, "ssh-rsa"],
    [{ private_key_type: "ecdsa" }, "ecdsa", 256, "ecdsa-sha2-nistp256"],
    [{ private_key_type: "ecdsa", elliptic_curve: "p384" }, "ecdsa", 384, "ecdsa-sha2-nistp384"],
    [{ private_key_type: "ecdsa", elliptic_curve: "p521" }, "ecdsa", 521, "ecdsa-sha2-nistp521"],
    [{ private_key_type: "ed25519" }, "ed25519", 256, "ssh-ed25519"],
  ])("%j makes a real %s key of %d bits", async (json, type, bits, prefix) => {
    const ca = (await api.post("/ssh_certificate_authorities", json)).body;
    expect(ca.key_type).toBe(type);
    expect(ca.public_key.startsWith(`${prefix} `)).toBe(true);
    const key = sshpk.parseKey(ca.public_key, "ssh");
    expect({ type: key.type, size: key.size }).toEqual({ type, size: bits });
  });

  test("two authorities have different keys", async () => {
    const a = (await api.post("/ssh_certificate_authorities", { private_key_type: "ed25519" })).body;
    const b = (await api.post("/ssh_certificate_authorities", { private_key_type: "ed25519" })).body;
    expect(a.public_key).not.toBe(b.public_key);
  });

  describe("rejections leave state unchanged", () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ["missing private_key_type", {}, "MISSING_FIELD", "private_key_type"],
      ["unknown private_key_type", { private_key_type: "dsa" }, "INVALID_FIELD", "private_key_type"],
      ["key_size not allowed", { private_key_type: "rsa", key_size: 1024 }, "INVALID_FIELD", "key_size"],
      ["key_size not a number", { private_key_type: "rsa", key_size: "2048" }, "INVALID_FIELD", "key_size"],
      ["key_size for ecdsa", { private_key_type: "ecdsa", key_size: 2048 }, "INVALID_FIELD", "key_size"],
      ["unknown curve", { private_key_type: "ecdsa", elliptic_curve: "secp256k1" }, "INVALID_FIELD", "elliptic_curve"],
      ["curve for rsa", { private_key_type: "rsa", elliptic_curve: "p256" }, "INVALID_FIELD", "elliptic_curve"],
      ["curve for ed25519", { private_key_type: "ed25519", elliptic_curve: "p256" }, "INVALID_FIELD", "elliptic_curve"],
      ["read-only public_key", { private_key_type: "ed25519", public_key: "x" }, "UNKNOWN_FIELD", "public_key"],
    ];
    test.each(cases)("%s", async (_name, json, code, field) => {
      expectError(await api.unchanged(() => api.post("/ssh_certificate_authorities", json)), 400, code, field);
    });

    test("PATCH cannot change the key parameters", async () => {
      const ca = (await api.post("/ssh_certificate_authorities", { private_key_type: "ecdsa" })).body;
      for (const [field, value] of [
        ["private_key_type", "ecdsa"],
        ["elliptic_curve", "p256"],
        ["key_size", 2048],
      ]) {
        expectError(
          await api.unchanged(() => api.patch(`/ssh_certificate_authorities/${ca.id}`, { [field]: value })),
          400,
          "IMMUTABLE_FIELD",
          field as string,
        );
      }
    });
  });

  test("odd values in every field are answered without a 5xx", async () => {
    expect(
      await sendOddValues({ description: "d", private_key_type: "ecdsa", elliptic_curve: "p256" }, (b) =>
        api.post("/ssh_certificate_authorities", b),
      ),
    ).toBeGreaterThan(0);
  });
});
