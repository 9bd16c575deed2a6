/**
 * The order jest starts test files in: the longest first, so no worker is left with a long file at the end.
 * Jest orders by the times of its last run when it has them; a clean clone has none, and jest would then
 * order by file size, which starts the fault-injection suite (small, long) last. Until jest has times,
 * the files below go first, in their order, then the rest as jest orders them.
 */
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;

/**
 * Every file of half a minute or more, longest first, with the seconds it took in a clean clone's
 * `.ci/run` (estimated for the native-path files, measured only under load so far) (CONTRIBUTING.md, "Tests and timings"). The fault suites come first: they spend their
 * minutes waiting out the provider's pacing, not on a core, so the files after them have the cores
 * meanwhile (jest.config.js runs one worker more than there are cores). Update the list when a suite's
 * time changes much; a new long file belongs here.
 */
const LONGEST = [
  ["test/e2e/faults.test.ts", 430],
  ["test/e2e/faults-destroy.test.ts", 380],
  ["test/e2e/rate-limit.test.ts", 380],
  ["test/e2e/examples.test.ts", 277],
  ["test/e2e/native-lifecycle.test.ts", 250],
  ["test/bench/bench.test.ts", 250],
  ["test/e2e/lifecycle.test.ts", 192],
  ["test/e2e/owned-children.test.ts", 191],
  ["test/e2e/drift.test.ts", 182],
  ["test/e2e/native-drift.test.ts", 130],
  ["test/e2e/team-state.test.ts", 112],
  ["test/e2e/edges.test.ts", 112],
  ["test/e2e/native-python.test.ts", 109],
  ["test/e2e/engine.test.ts", 97],
  ["test/e2e/update-answers.test.ts", 97],
  ["test/e2e/package.test.ts", 96],
  ["test/e2e/native-install.test.ts", 90],
  ["test/e2e/faults-update.test.ts", 90],
  ["test/bench/rate-limit.test.ts", 86],
  ["test/e2e/native-go.test.ts", 79],
  ["test/e2e/events.test.ts", 74],
  ["test/e2e/native-faults.test.ts", 60],
  ["test/e2e/native-migration.test.ts", 60],
  ["test/e2e/gitops.test.ts", 56],
  ["test/generate/remove-kind.test.ts", 53],
  ["test/e2e/connection.test.ts", 52],
  ["test/e2e/constraints.test.ts", 47],
  ["test/e2e/native-yaml.test.ts", 46],
  ["test/e2e/state-migration.test.ts", 41],
  ["test/emulator/fuzz.test.ts", 41],
  ["test/cli/generate.test.ts", 39],
  ["test/e2e/export.test.ts", 39],
  ["test/e2e/native-export.test.ts", 40],
  ["test/provider/model/model.test.ts", 37],
  ["test/e2e/errors.test.ts", 31],
].map(([file]) => file);

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
