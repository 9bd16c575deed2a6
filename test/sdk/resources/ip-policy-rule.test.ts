/** IP policy rules against the emulator, and the sdk's CIDR checks. */
import { BadRequestError, NotFoundError, canonicalCidr, parseCidr } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";

const emu = useEmulator();

const newPolicy = async () => (await emu.client.ipPolicies.create({ description: "for rules" })).id;

test("create, get, update, list, delete; the policy comes back as a Ref", async () => {
  const { ipPolicyRules } = emu.client;
  const policy = await newPolicy();
  const created = await ipPolicyRules.create({ ipPolicyId: policy, cidr: "203.0.113.0/24", action: "allow", description: "office" });
  expect(created).toEqual({
    id: expect.stringMatching(/^ipr_/),
    uri: expect.stringContaining(created.id),
    createdAt: expect.any(String),
    description: "office",
    metadata: "",
    cidr: "203.0.113.0/24",
    action: "allow",
    ipPolicy: { id: policy, uri: expect.stringContaining(policy) },
  });
  await expect(ipPolicyRules.get(created.id)).resolves.toEqual(created);
  const updated = await ipPolicyRules.update(created.id, { cidr: "2001:DB8::/32", metadata: "v6" });
  // The service answers IPv6 in RFC 5952 form.
  expect(updated).toEqual({ ...created, cidr: "2001:db8::/32", metadata: "v6" });
  expect(await ipPolicyRules.list().toArray()).toContainEqual(updated);
  await ipPolicyRules.delete(created.id);
  await expectApiError(ipPolicyRules.get(created.id), NotFoundError, "NOT_FOUND");
});

test("a policy id that does not exist → BadRequestError INVALID_FIELD on ipPolicyId", async () => {
  const missing = "ipp_00000000000000000000000000";
  await expectApiError(
    emu.client.ipPolicyRules.create({ ipPolicyId: missing, cidr: "10.0.0.0/8", action: "allow" }),
    BadRequestError,
    "INVALID_FIELD",
    "ipPolicyId",
  );
});

test("the service refuses what the sdk refuses (client validation bypassed)", async () => {
  const policy = await newPolicy();
  await expectApiError(
    emu.client.post("/ip_policy_rules", { body: { ipPolicyId: policy, cidr: "10.0.0.300/33", action: "allow" } }),
    BadRequestError,
    "INVALID_FIELD",
    "cidr",
  );
  const { id } = await emu.client.ipPolicyRules.create({ ipPolicyId: policy, cidr: "10.0.0.0/8", action: "allow" });
  await expectApiError(
    emu.client.patch(`/ip_policy_rules/${id}`, { body: { action: "deny" } }),
    BadRequestError,
    "IMMUTABLE_FIELD",
    "action",
  );
});

describe("client-side validation", () => {
  const ok = { ipPolicyId: "ipp_1", cidr: "10.0.0.0/8", action: "allow" };
  const HOST_BITS = "must have no address bits set after the prefix length (e.g. 10.0.0.0/8, not 10.0.0.1/8)";
  const NOT_V4 = "the address is not an IPv4 address (four decimal octets 0-255 without leading zeros)";
  const NOT_V6 = "the address is not an IPv6 address (RFC 4291 text, no zone)";
  const BAD_PREFIX = "the prefix length after / must be a whole number without leading zeros";
  test.each([
    ["the issue's example", { ...ok, cidr: "10.0.0.300/33" }, "cidr", `${NOT_V4}; prefix length 33 is over 32 for IPv4`],
    ["an IPv4 prefix over 32", { ...ok, cidr: "10.0.0.0/33" }, "cidr", "prefix length 33 is over 32 for IPv4"],
    ["an IPv6 prefix over 128", { ...ok, cidr: "::/129" }, "cidr", "prefix length 129 is over 128 for IPv6"],
    ["no prefix", { ...ok, cidr: "10.0.0.0" }, "cidr", "has no prefix length: write address/length, e.g. 203.0.113.0/24 or 2001:db8::/32"],
    ["a leading zero", { ...ok, cidr: "10.0.0.0/08" }, "cidr", BAD_PREFIX],
    ["an empty prefix", { ...ok, cidr: "10.0.0.0/" }, "cidr", BAD_PREFIX],
    ["nine IPv6 groups", { ...ok, cidr: "1:2:3:4:5:6:7:8:9/128" }, "cidr", NOT_V6],
    ["two ::", { ...ok, cidr: "1::2::/64" }, "cidr", NOT_V6],
    ["an IPv6 zone", { ...ok, cidr: "fe80::%1/64" }, "cidr", NOT_V6],
    ["an octet over 255", { ...ok, cidr: "10.0.0.256/32" }, "cidr", NOT_V4],
    ["host bits set", { ...ok, cidr: "10.0.0.1/8" }, "cidr", HOST_BITS],
    ["IPv6 host bits set", { ...ok, cidr: "2001:db8::1/64" }, "cidr", HOST_BITS],
    ["no cidr", { ipPolicyId: "ipp_1", action: "allow" }, "cidr", "is required"],
    ["an unknown action", { ...ok, action: "block" }, "action", "must be one of allow, deny"],
    ["no policy", { cidr: "10.0.0.0/8", action: "allow" }, "ipPolicyId", "is required"],
    ["a policy id of another kind", { ...ok, ipPolicyId: "ipx_1" }, "ipPolicyId", 'must be an id starting with "ipp_"'],
    ["wire-cased policy id", { ...ok, ip_policy_id: "ipp_1" }, "ip_policy_id", "is not a known field"],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(emu.client.ipPolicyRules.create(params as never), field, rule);
  });

  test("update: the policy and the action are fixed; a cidr is checked", async () => {
    await expectInvalid(
      emu.client.ipPolicyRules.update("ipr_1", { action: "deny" } as never),
      "action",
      "cannot be changed after creation",
    );
    await expectInvalid(
      emu.client.ipPolicyRules.update("ipr_1", { ipPolicyId: "ipp_2" } as never),
      "ipPolicyId",
      "cannot be changed after creation",
    );
    await expectInvalid(emu.client.ipPolicyRules.update("ipr_1", { cidr: "10.0.0.0/33" }), "cidr", "prefix length 33 is over 32 for IPv4");
  });
});

describe("parseCidr and canonicalCidr", () => {
  test.each([
    ["203.0.113.0/24", "203.0.113.0/24"],
    ["0.0.0.0/0", "0.0.0.0/0"],
    ["2001:DB8::/32", "2001:db8::/32"],
    ["2001:0db8:0000:0000:0000:0000:0000:0000/32", "2001:db8::/32"],
    ["2001:db8:0:0:1:0:0:0/80", "2001:db8:0:0:1::/80"],
    ["0:0:1:0:0:1:0:0/128", "::1:0:0:1:0:0/128"],
    ["1:0:0:0:0:0:0:0/16", "1::/16"],
    ["::/0", "::/0"],
    ["::ffff:192.0.2.0/120", "::ffff:c000:200/120"],
    ["1:2:3:4:5:6:7:0/128", "1:2:3:4:5:6:7:0/128"],
  ])("%s reads as %s", (text, canonical) => {
    expect(canonicalCidr(text)).toBe(canonical);
  });

  test("host bits are reported, not cleared", () => {
    expect(parseCidr("10.0.0.1/8")).toMatchObject({ family: 4, prefixLength: 8, hostBitsZero: false, canonical: "10.0.0.1/8" });
    expect(parseCidr("10.0.0.0/8")).toMatchObject({ hostBitsZero: true });
    expect(parseCidr("::1/127")).toMatchObject({ family: 6, hostBitsZero: false });
  });

  test.each(["", "/8", "10.0.0.0/", "1.2.3.4.5/32", "256.0.0.0/8", "::g/64", ":1::/64", "1:::2/64", "10.0.0.0/-1"])(
    "%j is no CIDR",
    (text) => {
      expect(parseCidr(text)).toBeUndefined();
    },
  );
});
