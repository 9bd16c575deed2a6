/** Tunnel credentials: wire shape, the token only in the create answer, ACL rules shared with SSH credentials, the fixed owner. */
import { ACL_RULE, BadRequestError, EdgeIngress, NotFoundError, PermissionDeniedError, AuthenticationError } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";
import { useWire } from "../wire-fixture";
import { list } from "../wire-samples";

const wire = useWire();
const sample = (fields: Record<string, unknown> = {}) => ({
  id: "cr_1",
  uri: "https://api.test/credentials/cr_1",
  created_at: "2025-01-01T00:00:00Z",
  description: "",
  metadata: "",
  token: null,
  acl: [],
  owner_id: "usr_1",
  ...fields,
});

describe("on the wire", () => {
  test("create, get, update, list and delete use /credentials; the token is read from the create answer only", async () => {
    const { tunnelCredentials } = wire.client;
    wire.reply(201, sample({ acl: ["bind:app.example.com"], token: "agent-token-1" }));
    const created = await tunnelCredentials.create({ acl: ["bind:app.example.com"], ownerId: "usr_1", description: "agent" });
    expect(wire.last()).toEqual({
      method: "POST",
      path: "/credentials",
      body: { acl: ["bind:app.example.com"], owner_id: "usr_1", description: "agent" },
    });
    expect(created).toEqual({
      id: "cr_1",
      uri: expect.any(String),
      createdAt: expect.any(String),
      description: "",
      metadata: "",
      token: "agent-token-1",
      acl: ["bind:app.example.com"],
      ownerId: "usr_1",
    });

    wire.reply(200, sample());
    expect((await tunnelCredentials.get("cr_1")).token).toBeNull();
    expect(wire.last()).toMatchObject({ method: "GET", path: "/credentials/cr_1" });
    await tunnelCredentials.update("cr_1", { acl: [] });
    expect(wire.last()).toEqual({ method: "PATCH", path: "/credentials/cr_1", body: { acl: [] } });

    wire.reply(200, list("credentials", [sample()]));
    expect(await tunnelCredentials.list().toArray()).toHaveLength(1);
    expect(wire.last()).toMatchObject({ method: "GET", path: "/credentials" });

    wire.reply(204);
    await tunnelCredentials.delete("cr_1");
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/credentials/cr_1" });
  });

  test("an unset ACL or an absent token reads as an empty list and null", async () => {
    const { token: _token, ...withoutToken } = sample({ acl: null });
    wire.reply(200, withoutToken);
    expect(await wire.client.tunnelCredentials.get("cr_1")).toMatchObject({ acl: [], token: null });
  });

  test("ACL rules are checked by the SSH credentials' rule, before anything is sent", async () => {
    const sent = wire.count();
    await expectInvalid(wire.client.tunnelCredentials.create({ acl: ["*", "connect:example.com"] }), "acl[1]", ACL_RULE);
    await expectInvalid(wire.client.tunnelCredentials.update("cr_1", { acl: ["bind:"] }), "acl[0]", ACL_RULE);
    expect(wire.count()).toBe(sent);
  });

  test("the owner cannot be sent on update, nor a token on create; the token is not quoted", async () => {
    const sent = wire.count();
    await expectInvalid(
      wire.client.tunnelCredentials.update("cr_1", { ownerId: "usr_2" } as never),
      "ownerId",
      "cannot be changed after creation",
    );
    const err = await wire.client.tunnelCredentials.create({ token: "mine-mine-mine" } as never).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String(err as Error)).not.toContain("mine-mine-mine");
    expect(wire.count()).toBe(sent);
  });
});

describe("against the emulator", () => {
  const emu = useEmulator();

  test("create shows the token once; get, update and list show null; delete; the owner defaults to the caller", async () => {
    const { tunnelCredentials } = emu.client;
    const acl = ["bind:app.example.com", "bind:*.example.net", "bind:tcp.example.com:9000", "bind:env=prod", "bind:*=*"];
    const created = await tunnelCredentials.create({ acl, description: "agent" });
    expect(created).toEqual({
      id: expect.stringMatching(/^cr_/),
      uri: expect.stringContaining(created.id),
      createdAt: expect.any(String),
      description: "agent",
      metadata: "",
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      acl,
      ownerId: expect.stringMatching(/^usr_/),
    });
    const shown = { ...created, token: null };
    await expect(tunnelCredentials.get(created.id)).resolves.toEqual(shown);
    const updated = await tunnelCredentials.update(created.id, { acl: ["*"], metadata: "m" });
    expect(updated).toEqual({ ...shown, acl: ["*"], metadata: "m" });
    expect(await tunnelCredentials.list().toArray()).toContainEqual(updated);
    await tunnelCredentials.delete(created.id);
    await expectApiError(tunnelCredentials.get(created.id), NotFoundError, "NOT_FOUND");
  });

  test("the token does not authenticate API requests", async () => {
    const { token } = await emu.client.tunnelCredentials.create({});
    const asAgent = new EdgeIngress({ apiKey: token!, baseURL: emu.client.baseURL, maxRetries: 0 });
    try {
      await expectApiError(asAgent.tunnelCredentials.list().toArray(), AuthenticationError, "UNAUTHORIZED");
    } finally {
      await asAgent.close();
    }
  });

  test("a non-admin naming another owner → PermissionDeniedError FORBIDDEN", async () => {
    const { token } = await emu.client.apiKeys.create({});
    await expectApiError(
      emu.clientWith(token ?? "").tunnelCredentials.create({ ownerId: "usr_someoneelse1" }),
      PermissionDeniedError,
      "FORBIDDEN",
      "ownerId",
    );
  });

  describe("the service's own checks (client validation bypassed)", () => {
    test("a malformed ACL rule → BadRequestError INVALID_FIELD", async () => {
      await expectApiError(
        emu.client.post("/credentials", { body: { acl: ["*", "connect:x"] } }),
        BadRequestError,
        "INVALID_FIELD",
        "acl[1]",
      );
    });

    test("the owner on update → BadRequestError IMMUTABLE_FIELD", async () => {
      const { id, ownerId } = await emu.client.tunnelCredentials.create({});
      await expectApiError(emu.client.patch(`/credentials/${id}`, { body: { ownerId } }), BadRequestError, "IMMUTABLE_FIELD", "ownerId");
    });
  });
});
