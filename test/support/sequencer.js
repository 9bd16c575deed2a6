/**
 * The order jest starts test files in: the longest first, so no worker is left with a long file at the end.
 * Jest orders by the times of its last run when it has them; a clean clone has none, and jest would then
 * order by file size, which starts the fault-injection suite (small, long) last. Until jest has times,
 * the files known to take longest go first, then the rest as jest orders them.
 */
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;

/** The files that take longest, longest first (measured: CONTRIBUTING.md, "Tests and timings"). */
const LONGEST = [
  "test/e2e/faults.test.ts",
  "test/e2e/examples.test.ts",
  "test/e2e/lifecycle.test.ts",
  "test/emulator/fuzz.test.ts",
  "test/e2e/owned-children.test.ts",
  "test/e2e/team-state.test.ts",
  "test/generate/remove-kind.test.ts",
  "test/provider/model/model.test.ts",
  "test/provider/module-transitions.test.ts",
];

class LongestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((test) => test.duration != null)) return sorted;
    const rank = (test) => {
      const i = LONGEST.indexOf(path.relative(test.context.config.rootDir, test.path).split(path.sep).join("/"));
      return i < 0 ? LONGEST.length : i;
    };
    // Array.prototype.sort is stable: the other files keep jest's order after these.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = LongestFirst;
