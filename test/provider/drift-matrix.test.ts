/** The drift matrix's table (test/support/drift-matrix.ts) against the kind declarations, without the engine. */
import { kinds } from "../../provider/kinds";
import { DRIFT_KINDS, MATRIX, WRITE_ONLY, coverageProblems, writeOnlyInputs } from "../support/drift-matrix";

describe("drift matrix", () => {
  test("every kind is in the suite's list exactly once", () => {
    expect(DRIFT_KINDS.slice().sort()).toEqual(Object.keys(kinds).sort());
  });

  test("the table has an out-of-band value for every field every kind lets change, and nothing else", () => {
    expect(coverageProblems(Object.keys(kinds))).toEqual([]);
  });

  test("a field without an out-of-band value is named", () => {
    const { enforced: _, ...rest } = MATRIX.IpRestriction.outOfBand;
    const lacking = { ...MATRIX, IpRestriction: { ...MATRIX.IpRestriction, outOfBand: rest } };
    expect(coverageProblems(["IpRestriction", "IpPolicy"], lacking)).toEqual(["IpRestriction.enforced: no out-of-band value"]);
    expect(coverageProblems(["Nope"])).toEqual(["Nope: not a kind"]);
  });

  test("the inputs left out as write-only are exactly the declared ones (docs/provider.md lists them)", () => {
    const declared = Object.fromEntries(
      Object.values(kinds)
        .map((decl) => [decl.name, writeOnlyInputs(decl)] as const)
        .filter(([, keys]) => keys.length > 0),
    );
    expect(declared).toEqual(WRITE_ONLY);
  });
});
