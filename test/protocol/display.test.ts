/**
 * What a user reads of the provider's answers: a bad rule of 1000 told as one diagnostic naming its own path
 * and rule, no other rule (both paths); on the native path, a field edited by hand shown as old => new by a
 * refreshed `preview --diff` (the Diff's detailedDiff and the read inputs the engine renders it from).
 */
import { badRowOfThousand } from "../support/constraints";
import type { Program } from "../support/lifecycle";
import { expectSuccess } from "../support/engine-stack";
import { useProtocolStack } from "./stack";

const office = (args: Record<string, unknown>): Program => ({ resources: [{ kind: "IpPolicy", name: "office", args }] });
const RULES = [
  { cidr: "203.0.113.0/24", action: "allow", description: "office v4" },
  { cidr: "198.51.100.0/24", action: "allow" },
];

for (const path of ["dynamic", "native"] as const) {
  describe(`the ${path} path`, () => {
    const fx = useProtocolStack<Program>(path);

    // The native Read returns the inputs too, which the engine shows the diff against; the dynamic path's
    // display of drift is test/e2e/drift.test.ts's.
    if (path === "native")
      test("a field edited by hand is the refreshed Diff's only change, old => new in preview --refresh --diff; up --refresh puts it back", async () => {
        await fx.setProgram(office({ description: "office", rules: RULES }));
        expectSuccess(await fx.stack.up());
        const id = ((await fx.outputs()).ids as Record<string, string>).office;
        await fx.client.ipPolicies.update(id, { description: "edited by hand" });
        const shown = await fx.stack.run(["preview", "--refresh", "--diff", "--stack", fx.stack.name, "--non-interactive"]);
        expect(shown.code).toBe(0);
        expect(shown.stdout).toMatch(/description\s*:\s*"edited by hand" => "office"/);
        const update = (await fx.stack.preview({ refresh: true })).steps.find((s) => s.op === "update");
        expect(update?.detailedDiff && Object.keys(update.detailedDiff)).toEqual(["description"]);
        expectSuccess(await fx.stack.up(["--refresh"]));
        expect((await fx.client.ipPolicies.get(id)).description).toBe("office");
      });

    test("a bad rule of 1000 is told in one diagnostic of at most 2 lines, as its own path and rule, and no other rule is", async () => {
      const { rules, reason } = badRowOfThousand();
      await fx.setProgram(office({ description: "office", rules }));
      const preview = await fx.stack.preview();
      expect(preview.code).not.toBe(0);
      const { diagnostics } = JSON.parse(preview.stdout) as { diagnostics: Array<{ message: string }> };
      expect(diagnostics).toHaveLength(1);
      const [message] = diagnostics.map((d) => d.message);
      expect(message).toContain("resource 'office'");
      expect(message.split("\n").length).toBeLessThanOrEqual(2);
      expect(message).toMatch(new RegExp(`has a problem: ${reason.replace(/[[\].]/g, "\\$&")}$`));
      expect(preview.stdout + preview.stderr).not.toMatch(/10\.0\.4\.0\/24|row 4\b/);
    });
  });
}
