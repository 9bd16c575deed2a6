/** SshCertificateAuthority through the provider runtime against the emulator. */
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
const K = "SshCertificateAuthority";

describe("SshCertificateAuthority provider", () => {
  it.each([
    [{ privateKeyType: "ed25519" }],
    [{ privateKeyType: "ecdsa", ellipticCurve: "p384" }],
    [{ privateKeyType: "rsa", keySize: 2048 }],
  ])("an authority (%j) shows no diff after create or read, and changes its description in place", async (authority) => {
    const { runtime } = fx;
    const ca = await runtime.create(K, { ...P, ...authority });
    expect(ca.outs).toMatchObject({ privateKeyType: authority.privateKeyType, keyType: authority.privateKeyType });
    expect((await runtime.diff(K, ca.id, ca.outs, { ...P, ...authority })).changes).toBe(false);
    // The service does not report the curve or size: read keeps the declared ones.
    const read = await runtime.read(K, ca.id, ca.outs);
    expect((await runtime.diff(K, ca.id, read.props!, { ...P, ...authority })).changes).toBe(false);
    expect(await runtime.diff(K, ca.id, ca.outs, { ...P, ...authority, description: "x" })).toMatchObject({ changes: true, replaces: [] });
  });

  it("another key type, curve or size replaces the authority", async () => {
    const { runtime } = fx;
    const inputs = { ...P, privateKeyType: "ecdsa", ellipticCurve: "p256" };
    const ca = await runtime.create(K, inputs);
    expect((await runtime.diff(K, ca.id, ca.outs, { ...inputs, ellipticCurve: "p521" })).replaces).toEqual(["ellipticCurve"]);
    expect((await runtime.diff(K, ca.id, ca.outs, { ...P, privateKeyType: "ed25519" })).replaces).toEqual(
      expect.arrayContaining(["privateKeyType"]),
    );
  });

  it("a curve for a non-ECDSA key fails at check", async () => {
    const res = await fx.runtime.check(K, {}, { ...P, privateKeyType: "rsa", ellipticCurve: "p256" });
    expect(res.failures).toEqual([{ property: "ellipticCurve", reason: expect.stringMatching(/ecdsa/) }]);
  });
});
