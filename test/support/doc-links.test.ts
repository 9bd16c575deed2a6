/** What docTargets counts as a path a document sends its reader to, and missingTargets checks. */
import { docTargets, missingTargets } from "./doc-links";

describe("docTargets", () => {
  test("relative links resolve from the document's folder; URLs, anchors and fenced code are not targets", () => {
    const text = [
      "See [the audit](../../docs/audit.md#exit-codes), [a workflow](.github/workflows/x.yml) and [the site](https://example.com/a.md).",
      "[Up](#top) [folder](../quickstart/)",
      "```sh",
      "cat [x](nowhere.md) `examples/never`",
      "```",
    ].join("\n");
    expect(docTargets("examples/gitops/README.md", text)).toEqual([
      "docs/audit.md",
      "examples/gitops/.github/workflows/x.yml",
      "examples/quickstart",
    ]);
  });

  test("backticked paths count when they are in what the package ships (docs/, examples/, root files), from the root", () => {
    const text =
      "Copy `examples/gitops/`, read `docs/team-state.md`, `CHANGELOG.md`; the test is `test/e2e/team-state.test.ts`, the code `sdk/index.ts`, a pattern `examples/<name>`.";
    expect(docTargets("docs/export.md", text)).toEqual(["CHANGELOG.md", "docs/team-state.md", "examples/gitops"]);
  });
});

describe("missingTargets", () => {
  test("a target is present as a file or as a folder of one", () => {
    const files = ["README.md", "docs/audit.md", "examples/gitops/README.md"];
    expect(
      missingTargets(["README.md", "docs", "examples/gitops", "examples/quickstart", "docs/audit.md", "docs/gitops.md"], files),
    ).toEqual(["examples/quickstart", "docs/gitops.md"]);
  });
});
