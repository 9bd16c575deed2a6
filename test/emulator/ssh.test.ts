/**
 * OpenSSH certificates signed by ECDSA authorities (emulator/ssh.ts). The signature's name carries the
 * curve, whatever the length of its r: an r with a leading zero byte (one signature in 256 on P-256 and
 * P-384, one in two on P-521) is one byte shorter, and must still name its curve. sshpk's own encoder
 * guesses the curve from r's length, so such a certificate read as "ecdsa-sha2-undefined".
 */
import sshpk from "sshpk";
import { generateSshCaKey, signSshCertificate, type EllipticCurve } from "../../emulator/ssh";
import { sshKeygenList, sshPublicKey, verifiedSshCertificate } from "../support/pki";

const BITS: Record<EllipticCurve, number> = { p256: 256, p384: 384, p521: 521 };
// Enough signings that one with a short r is certain but for a chance of about 1e-9 (P-256, P-384).
const MAX_SIGNINGS = 5000;

describe("ECDSA-signed SSH certificates", () => {
  const subject = sshPublicKey("ed25519");

  test.each(Object.keys(BITS) as EllipticCurve[])("%s: every signature names its curve, a short r too", (curve) => {
    const ca = generateSshCaKey("ecdsa", { curve, bits: 0 });
    const bytes = Math.ceil(BITS[curve] / 8);
    let short: string | undefined;
    for (let i = 0; i < MAX_SIGNINGS && short === undefined; i++) {
      const text = signSshCertificate({
        kind: "host",
        caPrivateKeyPem: ca.privateKeyPem,
        publicKey: subject,
        principals: ["host.example.com"],
        criticalOptions: {},
        extensions: {},
        validAfter: new Date("2026-01-01T00:00:00Z"),
        validBefore: new Date("2027-01-01T00:00:00Z"),
        keyId: `sshhc_${i}`,
      });
      const signature = (sshpk.parseCertificate(text, "openssh").signatures as { openssh: { signature: sshpk.Signature } }).openssh
        .signature;
      expect(signature.curve).toBe(`nistp${BITS[curve]}`);
      const r = signature.part.r.data;
      // An mpint: a zero byte leads only when the high bit is set.
      expect(r[0] === 0 ? r[1] >= 0x80 : true).toBe(true);
      if ((r[0] === 0 ? r.length - 1 : r.length) < bytes) short = text;
    }
    expect(short).toBeDefined();
    verifiedSshCertificate(short!, ca.publicKey);
    const listing = sshKeygenList(short!);
    if (listing !== null) expect(listing).toContain(`using ecdsa-sha2-nistp${BITS[curve]}`);
  });
});
