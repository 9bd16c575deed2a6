/** The route table (emulator/routes/index.ts, generated in file-name order): its order must not matter. */
import { Router, type Route } from "../../emulator/http/router";
import { ROUTES } from "../../emulator/routes";

/** A path both patterns match, if one exists: equal literals, or a `{param}` (any non-empty segment) on either side. */
function sharedPath(a: string, b: string): string | undefined {
  const x = a.split("/");
  const y = b.split("/");
  if (x.length !== y.length) return undefined;
  const out: string[] = [];
  for (let i = 0; i < x.length; i++) {
    const xParam = /^\{\w+\}$/.test(x[i]);
    const yParam = /^\{\w+\}$/.test(y[i]);
    if (xParam && yParam) out.push("p");
    else if (xParam || yParam || x[i] === y[i]) out.push(xParam ? y[i] : x[i]);
    else return undefined;
  }
  return out.join("/");
}

test("no two route patterns match one path, so the router's first match is the only one", () => {
  const patterns = [...new Set(ROUTES.map((r) => r.path))];
  const overlaps = patterns.flatMap((a, i) => patterns.slice(i + 1).flatMap((b) => (sharedPath(a, b) ? [`${a} and ${b}`] : [])));
  expect(overlaps).toEqual([]);
  const pairs = ROUTES.map((r) => `${r.method} ${r.path}`);
  expect(pairs.filter((p, i) => pairs.indexOf(p) !== i)).toEqual([]);
});

test("the check sees an overlap: a literal segment where another route has a parameter", () => {
  expect(sharedPath("/edges/https/{id}", "/edges/https/routes")).toBe("/edges/https/routes");
  expect(sharedPath("/edges/https/{id}", "/edges/tls/{id}")).toBeUndefined();
  // …which is when the table's order would decide: the first route listed wins.
  const handle = (status: number) => () => ({ status });
  const a: Route = { method: "GET", path: "/edges/https/{id}", handle: handle(1) };
  const b: Route = { method: "GET", path: "/edges/https/routes", handle: handle(2) };
  const first = (routes: Route[]) => {
    const m = new Router(routes).match("GET", "/edges/https/routes");
    return "route" in m ? m.route : undefined;
  };
  expect(first([a, b])).toBe(a);
  expect(first([b, a])).toBe(b);
});
