import * as fs from "node:fs";
import * as path from "node:path";
import { extensionRoutes, renderApiReference, unlistedExtensions } from "../../generate/api-reference";
import { ROUTES } from "../../emulator/routes";
import { GENERATED_MARKDOWN_HEADER } from "../../generate";

const docs = path.join(__dirname, "..", "..", "docs");
const read = (name: string) => fs.readFileSync(path.join(docs, name), "utf8");

describe("docs/api.md", () => {
  const committed = read("api.md");

  test("is the rendering of the route table, the schemas and the emulator's answers (run `npm run generate` after changing a route)", async () => {
    expect(committed).toBe(`${GENERATED_MARKDOWN_HEADER}\n${await renderApiReference(read("api-choices.md"))}`);
  });

  test("has a section for every route of the table", () => {
    const headings = new Set([...committed.matchAll(/^### (GET|POST|PUT|PATCH|DELETE) `([^`]+)`$/gm)].map((m) => `${m[1]} ${m[2]}`));
    // Module routes are rows of their owner's module table (one row per module path, its methods listed).
    const moduleRows = new Map(
      [...committed.matchAll(/^\| \[\w+\]\(#module-[\w-]+\) \| `([^`]+)` \| ([^|]+) \|$/gm)].map((m) => [m[1], m[2]]),
    );
    const missing = ROUTES.filter(
      (r) =>
        !headings.has(`${r.method} ${r.path}`) &&
        !moduleRows
          .get(r.path)
          ?.split(", ")
          .some((m) => m.startsWith(r.method)),
    );
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(headings.size + [...moduleRows.values()].join(", ").split(", ").length).toBe(ROUTES.length);
  });

  test("marks every extension that docs/api-choices.md lists", () => {
    const extensions = extensionRoutes(read("api-choices.md"));
    expect(extensions.has("POST /ip_policy_rules")).toBe(true);
    for (const [route, name] of extensions) {
      const [method, p] = route.split(" ");
      const section = new RegExp(
        `^### ${method} \`${p.replace(/[{}]/g, "\\$&")}\`\\n\\n\\*\\*Extension\\*\\* \\(${name.replace(/[()]/g, "\\$&")}\\)`,
        "m",
      );
      const row = committed.split("\n").find((line) => line.includes(` \`${p}\` | `) && line.includes(`${method} (extension)`));
      expect({ route, marked: section.test(committed) || row !== undefined }).toEqual({ route, marked: true });
    }
  });

  test("an extension that the route table lacks fails the rendering", () => {
    const choices = read("api-choices.md").replace(
      "| Create IP policy rule | POST `/ip_policy_rules`",
      "| Create IP policy rule | POST `/ip_policy_rulez`",
    );
    expect(() => extensionRoutes(choices)).toThrow("POST /ip_policy_rulez");
  });

  test("every route of a kind the API text does not publish is listed as an extension; one row less is caught", () => {
    const choices = read("api-choices.md");
    expect(unlistedExtensions(extensionRoutes(choices))).toEqual([]);
    const lessOne = choices
      .split("\n")
      .filter((line) => !line.startsWith("| Get IP policy rule |"))
      .join("\n");
    expect(unlistedExtensions(extensionRoutes(lessOne))).toEqual(["GET /ip_policy_rules/{id}"]);
  });

  test("cites no spec section and no file users cannot see", () => {
    expect(committed).not.toMatch(/§|edge-ingress-api\.md|shared\/spec/);
  });
});
