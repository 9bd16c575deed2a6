/**
 * Answers that blank what was not sent (§2.10, §2.11), through the provider protocol on both paths: with
 * the emulator answering updates exactly as the spec shows (`backends` empty when only metadata was
 * sent), an update of metadata alone leaves no false change behind, and the scheduled drift gate
 * (`preview --refresh --expect-no-changes`) passes, as it does with the emulator's default answers.
 * test/provider/update-answers.test.ts proves the lifecycle's part with fake services.
 */
import { expectSuccess } from "../support/engine-stack";
import { useProtocolStack } from "./stack";

// Seven commands: on the dynamic path, longer than one test's default on a busy machine.
const SEVEN_COMMANDS = 300_000;

type Res = { kind: string; name: string; args: Record<string, unknown> };

const stackOf = (metadata: string): { resources: Res[] } => ({
  resources: [
    { kind: "TunnelGroupBackend", name: "a", args: { labels: { app: "a" } } },
    { kind: "TunnelGroupBackend", name: "b", args: { labels: { app: "b" } } },
    { kind: "WeightedBackend", name: "weighted", args: { metadata, backends: { "@a": 70, "@b": 30 } } },
    { kind: "FailoverBackend", name: "failover", args: { metadata, backends: ["@a", "@b"] } },
  ],
});

describe.each(["dynamic", "native"] as const)("%s path", (path) => {
  describe.each(["spec", "stored"] as const)("update answers as %s", (updateAnswers) => {
    const fx = useProtocolStack<{ resources: Res[] }>(path, { updateAnswers });

    test(
      "metadata alone changes in place; no false change, and the drift gate passes",
      async () => {
        await fx.setProgram(stackOf("v1"));
        expectSuccess(await fx.stack.up());
        await fx.setProgram(stackOf("v2"));
        // A preview first: metadata alone is an update in place of the two (no replace).
        const planned = await fx.stack.preview();
        const changed = Object.entries(planned.ops).filter(([, ops]) => !ops.every((op) => op === "same"));
        expect(Object.fromEntries(changed)).toEqual({
          [fx.urn("WeightedBackend", "weighted")]: ["update"],
          [fx.urn("FailoverBackend", "failover")]: ["update"],
        });
        // The native provider names the field; Pulumi's dynamic-provider host answers no detailed diff (the engine compares inputs).
        const named = planned.steps.map((s) => Object.keys((s.detailedDiff ?? {}) as object));
        expect(named).toEqual(path === "native" ? [["metadata"], ["metadata"]] : [[], []]);
        // up() also runs `preview --expect-no-changes` after it: the stored outputs kept the backends.
        expectSuccess(await fx.stack.up());
        const gate = await fx.stack.preview({ refresh: true, expectNoChanges: true });
        expectSuccess(gate);
        const state = await fx.stack.exportState();
        const weighted = state.resources.find((r) => r.urn.endsWith("::weighted"))!;
        const failover = state.resources.find((r) => r.urn.endsWith("::failover"))!;
        // Declared as a map (still accepted), output as the list form.
        expect((weighted.outputs!.backends as { weight: number }[]).map((e) => e.weight).sort()).toEqual([30, 70]);
        expect(failover.outputs!.backends).toHaveLength(2);
        expect(weighted.outputs!.metadata).toBe("v2");
        expectSuccess(await fx.stack.destroy());
      },
      SEVEN_COMMANDS,
    );
  });
});
