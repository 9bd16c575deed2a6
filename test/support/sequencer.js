/**
 * The order jest starts test files in: the longest first, so no worker is left with a long file at the end.
 * Jest orders by the times of its last run when it has them; a clean clone has none, and jest would then
 * order by file size, which starts a small long file (the lifecycle table's) late. Until jest has times,
 * the files below go first, in their order, then the rest as jest orders them.
 */
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;

/**
 * Every file of half a minute or more, longest first, with the seconds it took in a full run of the suite
 * on the two-core machine (three workers, the paced tier beside them; CONTRIBUTING.md, "Tests and
 * timings"). The paced tier's files are not here: scripts/test.sh runs them as a run of their own, one
 * worker each. The protocol tier's files are at half their time in a run of that tier alone on a loaded
 * machine (not yet timed in a full run). Update the list when a suite's time changes much; a new long file
 * belongs here.
 */
const LONGEST = [
  ["test/e2e/examples.test.ts", 463],
  ["test/bench/bench.test.ts", 323],
  ["test/protocol/owned-children-dynamic.test.ts", 315],
  ["test/e2e/native-sdk.test.ts", 300],
  ["test/e2e/examples-native.test.ts", 250],
  ["test/protocol/lifecycle-dynamic.test.ts", 206],
  ["test/protocol/drift-dynamic.test.ts", 204],
  ["test/e2e/team-state.test.ts", 202],
  ["test/protocol/edges-dynamic.test.ts", 166],
  ["test/protocol/update-answers.test.ts", 127],
  ["test/protocol/refused-writes-dynamic.test.ts", 120],
  ["test/e2e/package.test.ts", 119],
  ["test/protocol/drift-native.test.ts", 116],
  ["test/e2e/native-go.test.ts", 112],
  ["test/e2e/review.test.ts", 100],
  ["test/e2e/contract.test.ts", 97],
  ["test/protocol/constraints.test.ts", 96],
  ["test/e2e/gitops-native.test.ts", 90],
  ["test/generate/remove-kind.test.ts", 88],
  ["test/e2e/native-python.test.ts", 86],
  ["test/protocol/lifecycle-native.test.ts", 86],
  ["test/protocol/events-dynamic.test.ts", 84],
  ["test/e2e/contract-native.test.ts", 83],
  ["test/e2e/gitops.test.ts", 82],
  ["test/bench/rate-limit.test.ts", 81],
  ["test/protocol/errors.test.ts", 79],
  ["test/e2e/export.test.ts", 72],
  ["test/protocol/connection.test.ts", 66],
  ["test/emulator/fuzz.test.ts", 65],
  ["test/protocol/owned-children-native.test.ts", 50],
  ["test/provider/model/model.test.ts", 48],
  ["test/e2e/native-let-go.test.ts", 45],
  ["test/e2e/audit.test.ts", 43],
  ["test/cli/generate.test.ts", 38],
  ["test/e2e/native-migration.test.ts", 35],
  ["test/e2e/native-install.test.ts", 35],
  ["test/e2e/engine.test.ts", 34],
  ["test/e2e/emulator-guide.test.ts", 34],
  ["test/protocol/display.test.ts", 30],
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
