/** The emulator keeps its own id prefixes (docs/design.md): they must be the sdk's, kind by kind. */
import { KINDS_BY_NAME } from "../../../emulator/state";
import { ID_PREFIXES } from "../../../sdk";

test("the sdk's id prefixes are the emulator's, kind by kind", () => {
  expect(ID_PREFIXES).toEqual(Object.fromEntries(Object.entries(KINDS_BY_NAME).map(([kind, def]) => [kind, `${def.prefix}_`])));
});
