/** Reading what the CLI prints (harness/results.ts): an `up --json`'s events, the outputs in an export. */
import { SECRET_SIG, SIG_KEY } from "../../native/struct";
import { stackOutputs, upSteps, type StateExport } from "../../harness/engine";

const secret = (value: unknown) => ({ [SIG_KEY]: SECRET_SIG, plaintext: JSON.stringify(value) });
const exported = (resources: StateExport["resources"]): StateExport => ({
  code: 0,
  stdout: "",
  stderr: "",
  raw: "",
  deployment: { version: 3, deployment: { resources } },
  resources,
});

describe("stackOutputs", () => {
  test("the root resource's outputs, each secret's plaintext in its place, nested ones too", () => {
    const state = exported([
      {
        urn: "urn:pulumi:s::p::edgeingress:index:ApiKey::k",
        type: "edgeingress:index:ApiKey",
        outputs: { token: secret("not an output") },
      },
      {
        urn: "urn:pulumi:s::p::pulumi:pulumi:Stack::p-s",
        type: "pulumi:pulumi:Stack",
        outputs: { id: "ak_1", token: secret("tok_123"), ids: { a: secret(["x", { deep: secret("y") }]) }, count: 2 },
      },
    ]);
    expect(stackOutputs(state)).toEqual({ id: "ak_1", token: "tok_123", ids: { a: ["x", { deep: "y" }] }, count: 2 });
  });

  test("a secret without its plaintext (an export without --show-secrets) fails rather than reading as absent", () => {
    const state = exported([
      { urn: "u", type: "pulumi:pulumi:Stack", outputs: { token: { [SIG_KEY]: SECRET_SIG, ciphertext: "v1:abc" } } },
    ]);
    expect(() => stackOutputs(state)).toThrow(/showSecrets/);
  });

  test("no stack resource (destroyed): no outputs", () => {
    expect(stackOutputs(exported([]))).toEqual({});
  });
});

describe("upSteps", () => {
  test("each resourcePreEvent's op and URN, in order, and the summary's counts; other lines ignored", () => {
    const events = [
      { sequence: 0, preludeEvent: { config: {} } },
      { sequence: 1, resourcePreEvent: { metadata: { op: "same", urn: "urn:a", type: "t" } } },
      { sequence: 2, resourcePreEvent: { metadata: { op: "create-replacement", urn: "urn:b", type: "t" } } },
      { sequence: 3, resOutputsEvent: { metadata: { op: "create-replacement", urn: "urn:b", type: "t" } } },
      { sequence: 4, resourcePreEvent: { metadata: { op: "delete-replaced", urn: "urn:b", type: "t" } } },
      { sequence: 5, summaryEvent: { resourceChanges: { same: 1, replace: 1 }, isPreview: false } },
    ];
    const stdout = ["warning: a plain line", ...events.map((e) => JSON.stringify(e))].join("\n");
    const read = upSteps({ code: 0, stdout, stderr: "" });
    expect(read.steps.map((s) => [s.op, s.urn])).toEqual([
      ["same", "urn:a"],
      ["create-replacement", "urn:b"],
      ["delete-replaced", "urn:b"],
    ]);
    expect(read.ops).toEqual({ "urn:a": ["same"], "urn:b": ["create-replacement", "delete-replaced"] });
    expect(read.changeSummary).toEqual({ same: 1, replace: 1 });
  });
});
