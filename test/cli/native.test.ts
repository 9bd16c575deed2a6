/**
 * `edge-ingress export --native yaml|go|python`: the one plan printed for the native provider. An
 * account with every kind on an in-process emulator is read and printed in each language; each
 * resource must carry the `import` option with its id (and `retainOnDelete` unless retain is off),
 * its inputs must be the plan's as the engine would receive them (the YAML parsed back, the Python
 * program run under Pulumi's mocks with the generated SDK), the Go program must build against the
 * generated Go SDK, and no credential's value may be written.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "yaml";
import { readAccount } from "../../cli/export";
import { Ref, Secret, planExport, type AccountSnapshot, type ExportPlan } from "../../cli/plan";
import { generateNativeProject, printYaml, type NativeLanguage } from "../../cli/native";
import { goName, pyName, withRequired, type PackageSchema, type PropertySpec } from "../../cli/native-values";
import { start, type Started } from "../support/emulator";
import { buildAccount, type BuiltAccount } from "../support/export";
import { REPO_ROOT } from "../../harness/engine";

const SCHEMA = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "native", "schema.json"), "utf8")) as PackageSchema;
const SHARED_TOOLS = path.resolve(process.env.EI_SHARED_TOOLS ?? path.join(REPO_ROOT, "..", "shared", "tools"));
import { GO_SDK, GO_SDK_MODULE, layOutGoSdk } from "../support/go-sdk";

let started: Started;
let account: BuiltAccount;
let snapshot: AccountSnapshot;
let plan: ExportPlan;
let standalone: ExportPlan;

const options = (language: NativeLanguage, extra: { standaloneChildren?: boolean; retain?: boolean } = {}) => ({
  language,
  project: "acct",
  schema: SCHEMA,
  packageVersion: "0.1.0",
  pulumiSdkVersion: "3.259.0",
  ...extra,
});

beforeAll(async () => {
  started = await start({ provisioningDelayMs: 0 });
  account = await buildAccount(started.client);
  ({ snapshot } = await readAccount(started.client));
  plan = planExport(snapshot);
  standalone = planExport(snapshot, { standaloneChildren: true });
});
afterAll(async () => {
  await started?.close();
});

/** The plan's inputs as the engine receives them: Refs are the ids, Secrets the values set in config. */
function resolve(value: unknown): unknown {
  if (value instanceof Ref) return value.id;
  if (value instanceof Secret) return account.credentials.get(value.id)?.[value.path];
  if (Array.isArray(value)) return value.map(resolve);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
  return value;
}

/** The schema's defaults of a kind's inputs. */
const schemaDefaults = (kind: string): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(SCHEMA.resources[`edgeingress:index:${kind}`].inputProperties ?? {}).flatMap(([k, spec]) =>
      (spec as { default?: unknown }).default === undefined ? [] : [[k, (spec as { default?: unknown }).default]],
    ),
  );

/** Every credential value the account was built with. */
const credentialValues = () => [...account.credentials.values()].flatMap((paths) => Object.values(paths));

describe("Pulumi YAML", () => {
  type YamlResource = { type: string; name: string; properties?: Record<string, unknown>; options: Record<string, unknown> };

  /** Pulumi YAML's interpolations resolved as the engine would: `${x.id}` to x's import id, `${key}` to its config value. */
  function interpolated(value: unknown, ids: Map<string, string>, config: Map<string, string>): unknown {
    if (typeof value === "string") {
      const whole = /^\$\{([A-Za-z0-9_]+)(\.id)?\}$/.exec(value);
      if (whole) return whole[2] ? ids.get(whole[1]) : config.get(whole[1]);
      expect(value).not.toMatch(/(^|[^$])\$\{/);
      return value.replace(/\$\$\{/g, "${");
    }
    if (Array.isArray(value)) return value.map((v) => interpolated(v, ids, config));
    if (value !== null && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolated(v, ids, config)]));
    return value;
  }

  test.each([
    ["inline children", false],
    ["standalone children", true],
  ])("(%s) every resource imports its id, keeps it on destroy, and declares the plan's inputs", (_form, standaloneChildren) => {
    const { files, plan: printed } = generateNativeProject(snapshot, options("yaml", { standaloneChildren }));
    expect(Object.keys(files).sort()).toEqual(["Pulumi.yaml", "README.md"]);
    const program = parse(files["Pulumi.yaml"]) as {
      name: string;
      runtime: string;
      config?: Record<string, unknown>;
      resources: Record<string, YamlResource>;
    };
    expect(program).toMatchObject({ name: "acct", runtime: "yaml" });
    expect(Object.keys(program.resources)).toEqual(printed.resources.map((r) => r.variable));
    const ids = new Map(printed.resources.map((r) => [r.variable, r.id]));
    const config = new Map(printed.secrets.map((s) => [s.key, account.credentials.get(s.id)![s.path]]));
    for (const r of printed.resources) {
      const declared = program.resources[r.variable];
      expect(declared).toMatchObject({
        type: `edgeingress:index:${r.kind}`,
        name: r.name,
        options: { import: r.id, retainOnDelete: true },
      });
      expect({ [r.variable]: interpolated(declared.properties ?? {}, ids, config) }).toEqual({
        [r.variable]: resolve(withRequired(SCHEMA, r.kind, r.inputs)),
      });
    }
    // Each secret is declared as secret string config.
    for (const s of printed.secrets) expect(program.config?.[s.key]).toEqual({ type: "string", secret: true });
    for (const value of credentialValues()) expect(files["Pulumi.yaml"]).not.toContain(value.trim().split("\n")[1] ?? value);
    expect(printed.resources.some((r) => r.inline.length > 0)).toBe(!standaloneChildren);
  });

  test("--no-retain leaves retainOnDelete out; a literal ${ is escaped; notes are comments", () => {
    const program = parse(printYaml(plan, SCHEMA, "acct", false)) as { resources: Record<string, YamlResource> };
    for (const r of Object.values(program.resources)) expect(r.options).toEqual({ import: expect.any(String) });
    const tricky: ExportPlan = {
      ...plan,
      resources: [
        {
          kind: "IpPolicy",
          name: "p",
          variable: "ipPolicyP",
          id: "ipp_1",
          // eslint-disable-next-line no-template-curly-in-string -- a literal `${` the printer must escape
          inputs: { description: "cost ${x}" },
          notes: ["a note"],
          inline: [],
        },
      ],
      secrets: [],
    };
    const text = printYaml(tricky, SCHEMA, "acct");
    // eslint-disable-next-line no-template-curly-in-string -- Pulumi YAML's escape of a literal `${`
    expect(parse(text).resources.ipPolicyP.properties.description).toBe("cost $${x}");
    expect(text).toMatch(/# a note\n\s+ipPolicyP:/);
  });
});

describe("only lists and maps the schema requires are added, empty", () => {
  /** What withRequired adds to each resource of the plan, as `Kind.path=value`. */
  const addedBy = (schema: PackageSchema): string[] => {
    const added: string[] = [];
    const diffs = (a: unknown, b: unknown, at: string): void => {
      if (b !== null && typeof b === "object" && !(b instanceof Ref) && !(b instanceof Secret))
        for (const [k, v] of Object.entries(b)) {
          const was = (a as Record<string, unknown>)[k];
          if (was === undefined) added.push(`${at}.${k}=${JSON.stringify(v)}`);
          else diffs(was, v, `${at}.${k}`);
        }
    };
    for (const r of plan.resources) diffs(r.inputs, withRequired(schema, r.kind, r.inputs), r.kind);
    return added;
  };

  test("the package's schema requires none the plan leaves out: nothing is added", () => {
    expect(addedBy(SCHEMA)).toEqual([]);
  });

  test("a schema requiring an OAuth provider's email lists: those two, empty, and nothing else", () => {
    const strict = JSON.parse(JSON.stringify(SCHEMA)) as PackageSchema;
    const config = strict.types["edgeingress:index:OAuthProviderConfig"] as { required?: string[] };
    config.required = ["emailAddresses", "emailDomains"];
    expect(addedBy(strict)).toEqual([
      "HttpsEdge.routes.0.oauth.provider.github.emailAddresses=[]",
      "HttpsEdge.routes.0.oauth.provider.github.emailDomains=[]",
    ]);
  });
});

describe("Python", () => {
  test.each([
    ["inline children", false],
    ["standalone children", true],
  ])(
    "(%s) the program, run under Pulumi's mocks with the generated SDK, registers the plan's inputs with import and retainOnDelete",
    (_form, standaloneChildren) => {
      const { files, plan: printed } = generateNativeProject(snapshot, options("python", { standaloneChildren }));
      expect(Object.keys(files).sort()).toEqual([".gitignore", "Pulumi.yaml", "README.md", "__main__.py", "requirements.txt"]);
      for (const value of credentialValues()) expect(files["__main__.py"]).not.toContain(value.trim().split("\n")[1] ?? value);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-export-py-"));
      try {
        fs.writeFileSync(path.join(dir, "__main__.py"), files["__main__.py"]);
        fs.writeFileSync(path.join(dir, "run.py"), PY_RUNNER);
        const config = Object.fromEntries(printed.secrets.map((s) => [`acct:${s.key}`, account.credentials.get(s.id)![s.path]]));
        const out = execFileSync("/usr/bin/python3", [path.join(dir, "run.py"), path.join(dir, "__main__.py")], {
          encoding: "utf8",
          env: {
            ...process.env,
            PYTHONPATH: [path.join(REPO_ROOT, "sdks", "python"), path.join(SHARED_TOOLS, "python")].join(path.delimiter),
            PYTHONDONTWRITEBYTECODE: "1",
            PULUMI_CONFIG: JSON.stringify(config),
          },
        });
        const registered = JSON.parse(out) as Array<{ type: string; name: string; id: string; retain: boolean; inputs: unknown }>;
        // Registered as their references resolve, not in program order.
        const byName = new Map(registered.map((r) => [`${r.type} ${r.name}`, r]));
        expect([...byName.keys()].sort()).toEqual(printed.resources.map((r) => `edgeingress:index:${r.kind} ${r.name}`).sort());
        printed.resources.forEach((r) => {
          expect({ [r.name]: byName.get(`edgeingress:index:${r.kind} ${r.name}`) }).toEqual({
            [r.name]: {
              type: `edgeingress:index:${r.kind}`,
              name: r.name,
              id: r.id,
              retain: true,
              // The SDK sends the schema's defaults of inputs left out (`metadata: ""`).
              inputs: { ...schemaDefaults(r.kind), ...(resolve(withRequired(SCHEMA, r.kind, r.inputs)) as object) },
            },
          });
        });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  test("property names are the SDK's (every schema property the generated Python and Go SDKs spell)", () => {
    const inputs = fs.readFileSync(path.join(REPO_ROOT, "sdks", "python", "edge_ingress_pulumi", "_inputs.py"), "utf8");
    const go = fs.readFileSync(path.join(GO_SDK, "pulumiTypes.go"), "utf8");
    // The object types programs pass, reached from the resources' inputs.
    const reached = new Set<string>();
    const visit = (spec: PropertySpec | undefined): void => {
      if (!spec) return;
      const token = spec.$ref?.replace(/^#\/types\//, "");
      if (token && !reached.has(token)) {
        reached.add(token);
        Object.values(SCHEMA.types[token].properties ?? {}).forEach(visit);
      }
      visit(spec.items);
      visit(spec.additionalProperties);
    };
    for (const resource of Object.values(SCHEMA.resources)) Object.values(resource.inputProperties ?? {}).forEach(visit);
    expect(reached.size).toBeGreaterThan(20);
    for (const token of reached)
      for (const name of Object.keys(SCHEMA.types[token].properties ?? {})) {
        expect(inputs).toContain(`def ${pyName(name)}(self)`);
        expect(go).toContain(`\t${goName(name)} `);
        expect(go).toContain(`\`pulumi:"${name}"\``);
      }
  });
});

describe("Go", () => {
  test.each([
    ["inline children", false],
    ["standalone children", true],
  ])(
    "(%s) the program builds against the generated Go SDK",
    (_form, standaloneChildren) => {
      const { files } = generateNativeProject(snapshot, options("go", { standaloneChildren }));
      expect(Object.keys(files).sort()).toEqual(["Pulumi.yaml", "README.md", "go.mod", "main.go"]);
      expect(files["main.go"].match(/pulumi\.Import\(pulumi\.ID\("[^"]+"\)\), pulumi\.RetainOnDelete\(true\)\)$/gm)).toHaveLength(
        (standaloneChildren ? standalone : plan).resources.length,
      );
      for (const value of credentialValues()) expect(files["main.go"]).not.toContain(value.trim().split("\n")[1] ?? value);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-export-go-"));
      try {
        for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
        // This clone's Go SDK where go.mod's replace expects it, as the README's first step puts it.
        expect(files["go.mod"]).toContain(`replace ${GO_SDK_MODULE} => ./sdks/edgeingress\n`);
        layOutGoSdk(dir);
        let errors = "";
        try {
          // -trimpath as scripts/sdks-test.sh and Pulumi's Go host build: the Pulumi Go SDK's packages come from the build cache.
          execFileSync("go", ["build", "-trimpath", "-o", os.devNull, "."], {
            cwd: dir,
            encoding: "utf8",
            stdio: "pipe",
            env: { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off" },
          });
        } catch (e) {
          errors = `${(e as { stderr?: string }).stderr ?? ""}${(e as Error).message}`;
        }
        expect(errors).toBe("");
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    900_000,
  );

  test("--no-retain writes no RetainOnDelete; an empty account builds a program with nothing in it", () => {
    const { files } = generateNativeProject(snapshot, options("go", { retain: false }));
    expect(files["main.go"]).not.toContain("RetainOnDelete");
    expect(files["README.md"]).toMatch(/--no-retain.*\n.*\*\*deletes\*\*/);
    const empty = generateNativeProject({}, options("go")).files["main.go"];
    expect(empty).not.toContain("edgeingress");
    expect(empty).not.toContain("var err error");
  });
});

describe("README", () => {
  test.each(["yaml", "go", "python"] as const)("(%s) lists the config lines, the import preview and what destroy does", (language) => {
    const readme = generateNativeProject(snapshot, options(language)).files["README.md"];
    for (const s of plan.secrets) expect(readme).toContain(`pulumi config set --secret ${s.key}`);
    expect(readme).toContain("= import");
    expect(readme).toMatch(/Every declaration has the option `[^`]*(retainOnDelete|RetainOnDelete|retain_on_delete)[^`]*`/);
    expect(readme).toContain("pulumi-resource-edgeingress");
  });

  test.each([
    ["go", 1],
    ["python", 2],
  ] as const)("(%s) gets the SDK with docs/native.md's commands", (language, count) => {
    const readme = generateNativeProject(snapshot, options(language)).files["README.md"];
    const docs = fs.readFileSync(path.join(REPO_ROOT, "docs", "native.md"), "utf8");
    const steps = readme
      .match(/```sh\n([\s\S]*?)```/)![1]
      .split("\n")
      .map((line) => line.replace(/\s+#.*$/, ""))
      .filter((line) => /^pulumi package |pip install /.test(line));
    expect(steps).toHaveLength(count);
    for (const step of steps) expect(docs).toContain(`\n${step}\n`);
  });
});

/** Runs a program under Pulumi's mocks; prints each registered resource (import id, retainOnDelete, inputs) as JSON. */
const PY_RUNNER = `import asyncio, json, runpy, sys
import pulumi
from pulumi.runtime.mocks import MockMonitor
from pulumi.runtime.stack import wait_for_rpcs

registered = []

def plain(value):
    # A secret arrives wrapped: the value is what the engine gets.
    if isinstance(value, dict):
        if value.get("4dabf18193072939515e22adb298388d") == "1b47061264138c4ac30d75fd1eb44270":
            return plain(value["value"])
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value

class Mocks(pulumi.runtime.Mocks):
    def new_resource(self, args):
        return [args.resource_id or args.name + "_id", args.inputs]

    def call(self, args):
        return {}

class Monitor(MockMonitor):
    def RegisterResource(self, request):
        response = super().RegisterResource(request)
        if request.type != "pulumi:pulumi:Stack":
            inputs = pulumi.runtime.rpc.deserialize_properties(request.object, keep_unknowns=True)
            registered.append({"type": request.type, "name": request.name, "id": request.importId,
                               "retain": request.retainOnDelete, "inputs": plain(inputs)})
        return response

mocks = Mocks()
pulumi.runtime.set_mocks(mocks, project="acct", stack="test", preview=False, monitor=Monitor(mocks))
loop = asyncio.get_event_loop()
runpy.run_path(sys.argv[1], run_name="__main__")
loop.run_until_complete(wait_for_rpcs())
print(json.dumps(registered))
`;
