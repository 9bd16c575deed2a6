import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createHash } from "node:crypto";
import { startEmulator, type LogEntry } from "../../emulator";
import { start } from "../support/emulator";
import { expectError } from "./support";

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-emulator-"));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("persistence", () => {
  test("state survives a restart with the same data file; tokens are kept only as hashes", async () => {
    const file = path.join(dir, "state.json");
    const first = await start({ dataFile: file, rootToken: "first-root-token" });
    expect(fs.existsSync(file)).toBe(true); // written at start: the admin user id is kept from the first run
    const key = (await first.api.post("/api_keys", { description: "survivor" })).body;
    const gone = (await first.api.post("/api_keys", { description: "deleted" })).body;
    const policy = (await first.api.post("/ip_policies", { metadata: "m" })).body;
    const dropped = (await first.api.post("/ip_policies", {})).body;
    const restriction = (await first.api.post("/ip_restrictions", { type: "agent", ip_policy_ids: [policy.id, dropped.id] })).body;
    const rule = (await first.api.post("/ip_policy_rules", { ip_policy_id: policy.id, cidr: "203.0.113.0/24", action: "allow" })).body;
    await first.api.patch(`/ip_policies/${policy.id}`, { description: "changed" });
    await first.api.del(`/api_keys/${gone.id}`);
    await first.api.del(`/ip_policies/${dropped.id}`);
    const before = JSON.stringify(await first.api.listed());
    const stored = await first.api.snapshot();
    await first.emulator.close();

    const text = fs.readFileSync(file, "utf8");
    expect(text).not.toContain(key.token);
    expect(text).not.toContain(gone.token);
    expect(text).not.toContain("first-root-token");
    expect(text).toContain(createHash("sha256").update(key.token).digest("hex"));
    expect(fs.readdirSync(dir)).toEqual(["state.json"]); // no temp files left behind

    const second = await start({ dataFile: file, rootToken: "second-root-token" });
    try {
      // Same state; only the port in the uris differs.
      expect(JSON.stringify(await second.api.listed())).toBe(before.replaceAll(first.emulator.url, second.emulator.url));
      // Everything stored, what no list shows included (token hashes); the rule is read back by id as well.
      expect(await second.api.snapshot()).toBe(stored);
      expect((await second.api.get(`/ip_policy_rules/${rule.id}`)).body).toMatchObject({ cidr: "203.0.113.0/24", action: "allow" });
      const reread = (await second.api.get(`/ip_restrictions/${restriction.id}`)).body;
      expect(reread.ip_policies.map((r: { id: string }) => r.id)).toEqual([policy.id, dropped.id]);

      // The key's token still authenticates; the deleted key's does not; the old root token is gone.
      const keyClient = second.api.as(key.token);
      expect((await keyClient.get("/ip_policies")).status).toBe(200);
      expectError(await second.api.as(gone.token).get("/ip_policies"), 401, "UNAUTHORIZED");
      expectError(await second.api.as("first-root-token").get("/ip_policies"), 401, "UNAUTHORIZED");

      // Same admin user; new ids sort after the loaded ones.
      const fresh = (await second.api.post("/api_keys", {})).body;
      expect(fresh.owner_id).toBe(key.owner_id);
      expect(fresh.id > key.id).toBe(true);
      expect((await second.api.get("/api_keys")).body.keys[0].id).toBe(fresh.id);
    } finally {
      await second.emulator.close();
    }
  });

  test("backends, edges with their modules, routes and endpoints survive a restart", async () => {
    const file = path.join(dir, "state.json");
    const first = await start({ dataFile: file });
    const { api } = first;
    const tg = (await api.post("/backends/tunnel_group", { labels: { Site: "A" } })).body.id;
    const wd = (await api.post("/backends/weighted", { backends: { [tg]: 3 } })).body.id;
    const fo = (await api.post("/backends/failover", { backends: [wd, tg] })).body.id;
    const policy = (await api.post("/ip_policies", {})).body.id;
    const tcp = (
      await api.post("/edges/tcp", {
        hostports: ["a.example.com:1"],
        backend: { backend_id: fo },
        ip_restriction: { ip_policy_ids: [policy] },
      })
    ).body.id;
    await api.post("/edges/tls", { hostports: ["b.example.com:1", "c.example.com:1"], tls_termination: { terminate_at: "upstream" } });
    const https = (await api.post("/edges/https", { hostports: ["d.example.com:443"], tls_termination: { min_version: "1.3" } })).body.id;
    await api.post(`/edges/https/${https}/routes`, {
      match_type: "path_prefix",
      match: "/",
      backend: { backend_id: tg },
      circuit_breaker: { num_buckets: 5 },
      request_headers: { add: { "X-Case": "Kept" } },
      webhook_verification: { provider: "CI", secret: "hook-secret" },
      oauth: { provider: { github: { client_id: "i", client_secret: "s", teams: ["o/t"] } } },
      saml: { idp_metadata: "<EntityDescriptor/>" },
    });
    await api.patch(`/edges/tcp/${tcp}`, { hostports: ["a.example.com:1", "e.example.com:1"] });
    await api.del(`/ip_policies/${policy}`);
    // The SAML signing certificate is made once per process: a restarted emulator process has another one.
    const comparable = async (client: typeof api, url: string) =>
      JSON.stringify(await client.listed())
        .replaceAll(url, "URL")
        .replace(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----\\n/g, "PEM");
    const before = await comparable(api, first.emulator.url);
    await first.emulator.close();

    const second = await start({ dataFile: file });
    try {
      expect(await comparable(second.api, second.emulator.url)).toBe(before);
      // Relations hold after the restart: the backend is still in use, the hostport still held.
      expectError(await second.api.del(`/backends/tunnel_group/${tg}`), 409, "CONFLICT");
      expectError(await second.api.post("/edges/https", { hostports: ["e.example.com:1"] }), 409, "CONFLICT");
      expect((await second.api.del(`/edges/https/${https}`)).status).toBe(204);
      expect((await second.api.get("/endpoints")).body.endpoints.map((ep: { hostport: string }) => ep.hostport).sort()).toEqual([
        "a.example.com:1",
        "b.example.com:1",
        "c.example.com:1",
        "e.example.com:1",
      ]);
    } finally {
      await second.emulator.close();
    }
  });

  test("a data file from before the service's names loads: old OAuth keys and the old authority read as the service's", async () => {
    const file = path.join(dir, "old.json");
    const first = await start({ dataFile: file });
    const edge = (await first.api.post("/edges/https", { hostports: ["old.example.com:443"] })).body.id;
    const oauth = { provider: { github: { client_id: "i", client_secret: "s", teams: ["o/t"], organizations: ["o"] } } };
    const route = (await first.api.post(`/edges/https/${edge}/routes`, { match_type: "path_prefix", match: "/", oauth })).body.id;
    const other = (
      await first.api.post(`/edges/https/${edge}/routes`, { match_type: "path_prefix", match: "/b", oauth: { provider: { google: {} } } })
    ).body.id;
    const domain = (await first.api.post("/reserved_domains", { domain: "old.example.com", certificate_management_policy: {} })).body.id;
    await first.emulator.close();
    // What an older emulator wrote: its placeholders where the service's names are now.
    const old = { github: "codehost", google: "workspace" } as Record<string, string>;
    const rewrite = (v: unknown, parent = ""): unknown => {
      if (Array.isArray(v)) return v.map((x) => rewrite(x));
      if (v === null || typeof v !== "object") return v === "letsencrypt" ? "public-acme" : v;
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [parent === "provider" ? (old[k] ?? k) : k, rewrite(x, k)]));
    };
    const text = JSON.stringify(rewrite(JSON.parse(fs.readFileSync(file, "utf8"))));
    expect(text).toContain('"codehost":');
    expect(text).toContain('"workspace":');
    expect(text).toContain('"public-acme"');
    fs.writeFileSync(file, text);

    const second = await start({ dataFile: file });
    try {
      const routes = `/edges/https/${edge}/routes`;
      expect((await second.api.get(`${routes}/${route}`)).body.oauth.provider).toEqual({
        github: {
          client_id: "i",
          client_secret: "s",
          scopes: [],
          email_addresses: [],
          email_domains: [],
          teams: ["o/t"],
          organizations: ["o"],
        },
      });
      expect(Object.keys((await second.api.get(`${routes}/${other}`)).body.oauth.provider)).toEqual(["google"]);
      expect((await second.api.get(`/reserved_domains/${domain}`)).body.certificate_management_policy).toEqual({
        authority: "letsencrypt",
        private_key_type: "rsa",
      });
    } finally {
      await second.emulator.close();
    }
  });

  test("a corrupt data file refuses to start and is left untouched", async () => {
    const file = path.join(dir, "corrupt.json");
    for (const content of ["{ not json", "", '{"format":"edge-ingress-emulator/1"}', "[]"]) {
      fs.writeFileSync(file, content);
      await expect(startEmulator({ dataFile: file })).rejects.toThrow(/data file .*corrupt\.json is not usable/);
      expect(fs.readFileSync(file, "utf8")).toBe(content);
    }
  });

  test("a record of the wrong shape or id is refused with its place in the file", async () => {
    const file = path.join(dir, "state.json");
    const { emulator, api } = await start({ dataFile: file });
    await api.post("/ip_policies", {});
    await emulator.close();
    const good = JSON.parse(fs.readFileSync(file, "utf8"));

    const wrongShape = structuredClone(good);
    delete wrongShape.collections.ip_policies[0].metadata;
    fs.writeFileSync(file, JSON.stringify(wrongShape));
    await expect(startEmulator({ dataFile: file })).rejects.toThrow(/collections\.ip_policies\[0\]\.metadata/);

    const wrongId = structuredClone(good);
    wrongId.collections.ip_policies[0].id = "ak_01m80f5tva9fyp6am2h8nbgnt0";
    fs.writeFileSync(file, JSON.stringify(wrongId));
    await expect(startEmulator({ dataFile: file })).rejects.toThrow(/collections\.ip_policies\[0\]: bad id/);

    const unknown = structuredClone(good);
    unknown.collections.widgets = [];
    fs.writeFileSync(file, JSON.stringify(unknown));
    await expect(startEmulator({ dataFile: file })).rejects.toThrow(/unknown collection "widgets"/);
  });

  test("a data file in a missing directory is refused", async () => {
    await expect(startEmulator({ dataFile: path.join(dir, "no", "such", "state.json") })).rejects.toThrow(/cannot be created/);
  });

  test("when a write fails the change is undone and the answer is INTERNAL_ERROR", async () => {
    const sub = path.join(dir, "sub");
    fs.mkdirSync(sub);
    const logged: LogEntry[] = [];
    const { emulator, api } = await start({ dataFile: path.join(sub, "state.json"), log: (entry) => logged.push(entry) });
    try {
      const kept = (await api.post("/ip_policies", { description: "kept" })).body;
      fs.rmSync(sub, { recursive: true }); // the next write cannot create its temp file
      const before = await api.snapshot();
      expectError(await api.post("/ip_policies", {}), 500, "INTERNAL_ERROR");
      expectError(await api.patch(`/ip_policies/${kept.id}`, { description: "lost" }), 500, "INTERNAL_ERROR");
      expectError(await api.del(`/ip_policies/${kept.id}`), 500, "INTERNAL_ERROR");
      expect(await api.snapshot()).toEqual(before);
      expect(logged.filter((e) => e.level === "error").map((e) => e.message)).toEqual(
        Array(3).fill(expect.stringMatching(/internal error .*ENOENT/s)),
      );
    } finally {
      await emulator.close();
    }
  });

  test("without a data file nothing is written and each start is fresh", async () => {
    const a = await start();
    await a.api.post("/ip_policies", {});
    await a.emulator.close();
    const b = await start();
    try {
      expect((await b.api.get("/ip_policies")).body.ip_policies).toEqual([]);
    } finally {
      await b.emulator.close();
    }
  });
});
