/**
 * Every valid module configuration of an edge kind is reachable from every other in one update
 * (§2.3, §7.3): the configurations are drawn from each module's meaningful forms and kept when the
 * kind's create schema accepts them; for each ordered pair (A, B) a resource in A is updated to B through
 * the runtime against the emulator, and a read shows B (no diff). The order of the requests, scripted,
 * is asserted in the fast tier (test/provider/framework/module-order.test.ts).
 */
import { rulesHold } from "../../provider/framework/module-order";
import { declarationOf } from "../../provider/kinds";
import { KIND_NAMES, rowProblems } from "../support/kinds";
import { caPem } from "../support/pki";
import { useRuntime } from "./runtime-fixture";

const fixture = useRuntime();
const { runtime } = fixture;
const P = { __provider: "serialized" };
const IDP = '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.test"/>';
const ref = { tg: "", p1: "", ca: "", httpsEdge: "" };
let port = 21000;

beforeAll(async () => {
  const client = fixture.client;
  ref.tg = (await client.tunnelGroupBackends.create({ labels: { app: "a" } })).id;
  ref.p1 = (await client.ipPolicies.create({})).id;
  ref.ca = (await client.certificateAuthorities.create({ caPem: caPem() })).id;
  ref.httpsEdge = (await client.httpsEdges.create({ hostports: [`routes.example.com:${port++}`] })).id;
});

type Forms = Record<string, Array<() => object | undefined>>;
const absent = () => undefined;
const backend = [absent, () => ({ backendId: ref.tg })];
const ipRestriction = [absent, () => ({ ipPolicyIds: [ref.p1] })];
const mutualTls = [absent, () => ({ certificateAuthorityIds: [ref.ca] })];

/** The meaningful forms of each module of a kind (absent first); invalid combinations are dropped by the schema. */
const KINDS: Record<string, { forms: Forms; base: () => Record<string, unknown> }> = {
  TcpEdge: { forms: { backend, ipRestriction }, base: () => ({ hostports: [`tcp.example.com:${port++}`] }) },
  TlsEdge: {
    forms: {
      backend,
      ipRestriction,
      mutualTls,
      tlsTermination: [
        absent,
        () => ({}),
        () => ({ terminateAt: "edge", minVersion: "1.3" }),
        () => ({ terminateAt: "upstream" }),
        () => ({ terminateAt: "upstream", minVersion: "1.2" }), // refused by the schema (§7.3)
      ],
    },
    base: () => ({ hostports: [`tls.example.com:${port++}`] }),
  },
  HttpsEdge: {
    forms: { mutualTls, tlsTermination: [absent, () => ({}), () => ({ minVersion: "1.3" })] },
    base: () => ({ hostports: [`https.example.com:${port++}`] }),
  },
  HttpsEdgeRoute: {
    forms: {
      backend,
      ipRestriction,
      oauth: [absent, () => ({ provider: { github: {} } })],
      saml: [absent, () => ({ idpMetadata: IDP })],
    },
    base: () => ({ edgeId: ref.httpsEdge, matchType: "path_prefix", match: `/t${port++}` }),
  },
};

/** Every combination of the forms, as module inputs (absent modules left out). */
function combinations(forms: Forms): Array<Record<string, object>> {
  let out: Array<Record<string, object>> = [{}];
  for (const [name, options] of Object.entries(forms)) {
    out = out.flatMap((partial) =>
      options.map((form) => {
        const value = form();
        return value === undefined ? partial : { ...partial, [name]: value };
      }),
    );
  }
  return out;
}

const label = (modules: Record<string, object>) => JSON.stringify(modules).replace(/"(bkdtg|ipp|ca)_[^"]*"/g, '"$1_…"');

test("a row for every kind with modules, each form a module of its kind", () => {
  const modular = KIND_NAMES.filter((k) => Object.keys(declarationOf(k).modules ?? {}).length > 0);
  const plain = KIND_NAMES.filter((k) => !modular.includes(k));
  expect(rowProblems("the module transitions", Object.keys(KINDS), plain)).toEqual([]);
  const stray = Object.entries(KINDS).flatMap(([kind, { forms }]) =>
    Object.keys(forms)
      .filter((name) => !Object.hasOwn(declarationOf(kind).modules ?? {}, name))
      .map((name) => `${kind}.${name}`),
  );
  expect(stray).toEqual([]);
});

describe.each(Object.keys(KINDS))("%s", (kind) => {
  it("reaches every valid module configuration from every other in one update", async () => {
    const { forms, base } = KINDS[kind];
    const decl = declarationOf(kind);
    const probe = base();
    const all = combinations(forms);
    const configs = all.filter((modules) => decl.createSchema.safeParse({ ...probe, ...modules }).success);
    // The schema drops some combinations exactly where the kind has rules between modules.
    if (kind === "TlsEdge") expect(configs.length).toBe(28);
    else expect(configs.length).toBe(all.length);

    const failures: string[] = [];
    // Half the configurations also change a plain field, so the transitions with and without a PATCH are both covered.
    const inputsOf = (i: number) => ({ ...P, ...resourceBase, description: i % 2 ? "odd" : "", ...configs[i] });
    let resourceBase: Record<string, unknown> = {};
    let id = "";
    let outs: Record<string, unknown> = {};
    const fresh = async (i: number) => {
      if (id) await runtime.delete(kind, id, outs);
      resourceBase = base();
      ({ id, outs } = await runtime.create(kind, inputsOf(i)));
    };
    // The stored state before any step: every input at its read value.
    const holds = (props: Record<string, unknown>) => rulesHold(decl, props, {}, new Set(Object.keys(decl.createSchema.shape)))(new Set());
    /** Updates the resource from configuration `from` to `to`; after a failure it starts again in `to`. */
    const step = async (from: number, to: number) => {
      const news = inputsOf(to);
      const what = `${label(configs[from])} → ${label(configs[to])}`;
      try {
        const updated = await runtime.update(kind, id, outs, news);
        const read = await runtime.read(kind, id, updated.outs);
        outs = read.props!;
        if ((await runtime.diff(kind, id, outs, news)).changes) throw new Error("the read differs from the inputs");
        // The order search judges states made of read outputs: a valid one must pass the rules.
        if (!holds(outs)) throw new Error("the read state does not pass the create schema");
      } catch (e) {
        failures.push(`${what}: ${(e as Error).message}`);
        await fresh(to);
      }
    };
    // One resource per starting state A; it visits each later B and comes back, covering (A, B) and (B, A).
    for (let a = 0; a < configs.length; a++) {
      await fresh(a);
      for (let b = a + 1; b < configs.length; b++) {
        await step(a, b);
        await step(b, a);
      }
    }
    await runtime.delete(kind, id, outs);
    expect(failures).toEqual([]);
  });
});
