/** The account's owners: the admin user and the seeded bot, how to find them, and owner_id checks. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { sshPublicKey } from "../support/pki";
import { start } from "../support/emulator";
import { ID_SUFFIX, expectError } from "./support";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-owners-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the admin user and the bot", () => {
  test("GET /_emulator/principals names both; startEmulator returns them; only the root token may ask", async () => {
    const { emulator, api } = await start();
    try {
      expect(emulator.botId).toMatch(new RegExp(`^bot_${ID_SUFFIX}$`));
      expect(emulator.adminUserId).toMatch(new RegExp(`^usr_${ID_SUFFIX}$`));
      const reply = await api.get("/_emulator/principals");
      expect(reply).toMatchObject({ status: 200, body: { admin_user_id: emulator.adminUserId, bot_id: emulator.botId } });
      expect((await api.post("/api_keys", {})).body.owner_id).toBe(emulator.adminUserId);
      const token = (await api.post("/api_keys", { owner_id: emulator.botId })).body.token;
      expectError(await api.as(token).get("/_emulator/principals"), 403, "FORBIDDEN");
      // The bot's own key creates as the bot.
      expect((await api.as(token).post("/api_keys", {})).body.owner_id).toBe(emulator.botId);
    } finally {
      await emulator.close();
    }
  });

  test("the bot is made on the first start and kept in the data file, like the admin user", async () => {
    const file = path.join(dir, "state.json");
    const first = await start({ dataFile: file });
    const { adminUserId, botId } = first.emulator;
    await first.emulator.close();
    const saved = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(saved).toMatchObject({ admin_user_id: adminUserId, bot_id: botId });
    const second = await start({ dataFile: file });
    try {
      expect(second.emulator.botId).toBe(botId);
      expect((await second.api.post("/ssh_credentials", { public_key: sshPublicKey(), owner_id: botId })).status).toBe(201);
    } finally {
      await second.emulator.close();
    }
  });

  test("a data file written before the bot existed gets one at once, kept from then on", async () => {
    const file = path.join(dir, "state.json");
    const first = await start({ dataFile: file });
    const policy = (await first.api.post("/ip_policies", { description: "old" })).body;
    await first.emulator.close();
    const legacy = JSON.parse(fs.readFileSync(file, "utf8"));
    delete legacy.bot_id;
    fs.writeFileSync(file, JSON.stringify(legacy));

    const second = await start({ dataFile: file });
    const botId = second.emulator.botId;
    try {
      expect(botId).toMatch(/^bot_/);
      expect(JSON.parse(fs.readFileSync(file, "utf8")).bot_id).toBe(botId);
      expect((await second.api.get(`/ip_policies/${policy.id}`)).body.description).toBe("old");
    } finally {
      await second.emulator.close();
    }
    const third = await start({ dataFile: file });
    expect(third.emulator.botId).toBe(botId);
    await third.emulator.close();
  });

  test("a bot_id that is not a bot id makes the data file unusable, naming the field", async () => {
    const file = path.join(dir, "state.json");
    const first = await start({ dataFile: file });
    await first.emulator.close();
    const data = JSON.parse(fs.readFileSync(file, "utf8"));
    data.bot_id = data.admin_user_id;
    fs.writeFileSync(file, JSON.stringify(data));
    await expect(start({ dataFile: file })).rejects.toThrow(/bot_id: must be a bot_ id/);
  });
});
