/**
 * The order jest starts test files in: the longest first, so no worker is left with a long file at the end.
 * Jest orders by the times of its last run when it has them; a clean clone has none, and jest would then
 * order by file size, which starts a small long file (the lifecycle table's) late. Until jest has times,
 * the files below go first, in their order, then the rest as jest orders them.
 */
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;

/**
 * Every file of half a minute or more, longest first, with the seconds it took in a clean clone's full run
 * on the two-core machine (`.ci/run`, nothing else running: three workers, the paced tier beside them;
 * CONTRIBUTING.md, "Tests and timings"). The paced tier's files are not here: scripts/test.sh runs them as a
 * run of their own, one worker each. Update the list when a suite's time changes much; a new long file
 * belongs here.
 */
const LONGEST = [
  ["test/e2e/examples.test.ts", 912],
  ["test/e2e/examples-native.test.ts", 514],
  ["test/bench/bench.test.ts", 498],
  ["test/e2e/team-state.test.ts", 370],
  ["test/e2e/native-sdk.test.ts", 259],
  ["test/e2e/contract.test.ts", 239],
  ["test/e2e/package.test.ts", 141],
  ["test/bench/rate-limit.test.ts", 107],
  ["test/e2e/native-install.test.ts", 97],
  ["test/e2e/gitops.test.ts", 97],
  ["test/generate/remove-kind.test.ts", 96],
  ["test/e2e/native-go.test.ts", 87],
  ["test/e2e/state-migration.test.ts", 74],
  ["test/cli/native.test.ts", 69],
  ["test/e2e/native-python.test.ts", 67],
  ["test/e2e/contract-native.test.ts", 66],
  ["test/emulator/fuzz.test.ts", 62],
  ["test/e2e/export.test.ts", 51],
  ["test/protocol/drift-native.test.ts", 48],
  ["test/e2e/emulator-guide.test.ts", 48],
  ["test/e2e/native-yaml.test.ts", 46],
  ["test/provider/model/model.test.ts", 45],
  ["test/e2e/review.test.ts", 45],
  ["test/e2e/engine.test.ts", 42],
  ["test/e2e/gitops-native.test.ts", 39],
  ["test/e2e/quickstart.test.ts", 36],
  ["test/e2e/audit.test.ts", 36],
  ["test/protocol/drift-dynamic.test.ts", 35],
  ["test/e2e/native-let-go.test.ts", 35],
  ["test/e2e/errors.test.ts", 35],
  ["test/protocol/lifecycle-native.test.ts", 33],
  ["test/bench/large.test.ts", 33],
  ["test/e2e/native-migration.test.ts", 31],
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
