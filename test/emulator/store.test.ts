import { IdGenerator, isWellFormedId } from "../../emulator/state/store";

describe("ids", () => {
  test("ids made in a burst (many per millisecond) are strictly increasing and well formed", () => {
    const gen = new IdGenerator();
    const ids = Array.from({ length: 5000 }, () => gen.next("ipp"));
    ids.forEach((id) => expect(isWellFormedId("ipp", id)).toBe(true));
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
  });

  test("observe keeps new ids after an id from the future", () => {
    const ahead = new IdGenerator();
    const future = "ipp_7zzzzzzzzz0000000000000000";
    ahead.observe(future);
    expect(ahead.next("ipp") > future).toBe(true);
  });

  test("isWellFormedId checks prefix and suffix", () => {
    const id = new IdGenerator().next("ak");
    expect(isWellFormedId("ak", id)).toBe(true);
    expect(isWellFormedId("ipp", id)).toBe(false);
    expect(isWellFormedId("ak", `${id}x`)).toBe(false);
    expect(isWellFormedId("ak", id.toUpperCase())).toBe(false);
  });
});
