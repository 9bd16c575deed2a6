/**
 * The API reference's examples, run against a real in-process emulator: every create once what it names
 * exists, every read, update and module operation, each create again (what must be unique answers 409),
 * then every delete once nothing uses what it deletes. What each route checked and answered is kept for
 * the reference (./api-reference.ts), with what the records left show of uses and ownership.
 */
import type { AddressInfo } from "node:net";
import type { z } from "zod";
import { SUPPORTED_VERSION } from "../emulator/http/auth";
import type { Method, Route } from "../emulator/http/router";
import { ROUTES } from "../emulator/routes";
import { createEmulatorServer } from "../emulator/server";
import { KINDS } from "../emulator/state";
import { Store } from "../emulator/state/store";
import { observeBodies } from "../emulator/state/validation";
import { exampleBodies, fixtures, type Ids } from "./api-example-bodies";
import { key, moduleOf } from "./api-routes";

export interface Exchange {
  method: Method;
  path: string;
  body?: Record<string, unknown>;
  status: number;
  answer?: unknown;
}

export interface RouteFacts {
  schema?: z.ZodType;
  immutable: readonly string[];
  example?: Exchange;
  conflict: string[];
}

export interface Run {
  facts: Map<string, RouteFacts>;
  /** Kind label → labels of the kinds that were seen using it. */
  usedBy: Map<string, Set<string>>;
  /** Kind label → labels of the kinds it owns (deleted with it). */
  owns: Map<string, Set<string>>;
  base: string;
  start: number;
}

/** An example that names what no example has made yet: tried again after the others. */
class NotYet extends Error {}

const ROOT_TOKEN = "reference-root-token";

/** The examples' requests against one emulator, and what each route checked and answered. */
class Examples {
  readonly facts = new Map<string, RouteFacts>(ROUTES.map((r) => [key(r), { immutable: [], conflict: [] }]));
  /** The id each collection's create example made, by its path pattern. */
  private readonly made = new Map<string, string>();
  private readonly bodies = exampleBodies(fixtures());

  constructor(private readonly base: string) {}

  readonly ids: Ids = (collection) => {
    const id = this.made.get(collection);
    if (id === undefined) throw new NotYet(collection);
    return id;
  };

  private fill(route: Route): string {
    return route.path.replace(/\{(\w+)\}/g, (_m, _p, at: number) => this.ids(route.path.slice(0, at - 1)));
  }

  /** Sends one request; the first body schema its handler checks is the route's. */
  async send(route: Route, body?: Record<string, unknown>): Promise<Exchange> {
    const target = this.fill(route);
    const fact = this.facts.get(key(route))!;
    let seen = false;
    const stop = observeBodies((schema, immutable) => {
      if (seen) return;
      seen = true;
      fact.schema = schema;
      fact.immutable = immutable;
    });
    try {
      const res = await fetch(`${this.base}${target}`, {
        method: route.method,
        headers: {
          Authorization: `Bearer ${ROOT_TOKEN}`,
          "Service-Version": SUPPORTED_VERSION,
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { method: route.method, path: target, body, status: res.status, answer: text ? JSON.parse(text) : undefined };
    } finally {
      stop();
    }
  }

  /** The route's example: its body sent, the answer it must give kept. */
  async example(route: Route, expected: number): Promise<Exchange> {
    const make = this.bodies[key(route)];
    const body = make ? make(this.ids) : ["POST", "PATCH", "PUT"].includes(route.method) ? {} : undefined;
    const ex = await this.send(route, body);
    if (ex.status !== expected)
      throw new Error(`example ${key(route)} answered ${ex.status}, not ${expected}: ${JSON.stringify(ex.answer)}`);
    this.facts.get(key(route))!.example = ex;
    return ex;
  }

  /** Creates, each once what it names exists. */
  async creates(): Promise<void> {
    let pending = ROUTES.filter((r) => r.method === "POST");
    while (pending.length > 0) {
      const left: Route[] = [];
      for (const route of pending) {
        try {
          const ex = await this.example(route, 201);
          const answer = ex.answer as { id?: string; type?: string };
          this.made.set(route.path, (answer.id ?? answer.type)!);
        } catch (err) {
          if (!(err instanceof NotYet)) throw err;
          left.push(route);
        }
      }
      if (left.length === pending.length) throw new Error(`no example can make what ${left.map(key).join(", ")} need`);
      pending = left;
    }
  }

  /** Reads and updates; a read-only list names the item its get example reads. */
  async readsAndUpdates(): Promise<void> {
    for (const route of ROUTES) {
      if (route.method === "POST" || route.method === "DELETE" || moduleOf(route)) continue;
      const ex = await this.example(route, 200);
      const answer = ex.answer as Record<string, any>;
      const listKey = route.query?.length && !this.made.has(route.path) && Object.keys(answer).find((k) => Array.isArray(answer[k]));
      if (listKey) this.made.set(route.path, answer[listKey][0].id);
    }
  }

  /** Modules: set, read and remove each one, so that modules that exclude each other never meet. */
  async modules(): Promise<void> {
    for (const route of ROUTES.filter((r) => r.method === "PUT")) {
      await this.example(route, 200);
      await this.example(
        ROUTES.find((r) => r.method === "GET" && r.path === route.path)!,
        200,
      );
      await this.example(
        ROUTES.find((r) => r.method === "DELETE" && r.path === route.path)!,
        204,
      );
    }
  }

  /** A create sent again: a value that must be unique answers 409; a copy made is deleted. */
  async conflicts(): Promise<void> {
    for (const route of ROUTES.filter((r) => r.method === "POST")) {
      const again = await this.send(route, this.bodies[key(route)]?.(this.ids) ?? {});
      if (again.status === 409) this.facts.get(key(route))!.conflict.push((again.answer as { msg: string }).msg);
      else if (again.status !== 201) throw new Error(`${key(route)} sent again answered ${again.status}`);
      else {
        const { id, type } = again.answer as { id?: string; type?: string };
        const gone = await fetch(`${this.base}${again.path}/${id ?? type}`, {
          method: "DELETE",
          headers: { Authorization: `Bearer ${ROOT_TOKEN}` },
        });
        if (gone.status !== 204) throw new Error(`the copy made by ${key(route)} could not be deleted (${gone.status})`);
      }
    }
  }

  /**
   * Deletes, each once nothing uses what it deletes any more: the reverse of the creates first (users go
   * before what they use, owned records before their owners), a refused one again after the others.
   */
  async deletes(): Promise<void> {
    const created = [...this.made.keys()];
    const rank = (r: Route) => created.indexOf(r.path.replace(/\/\{\w+\}$/, ""));
    let deletes = ROUTES.filter((r) => r.method === "DELETE" && !moduleOf(r)).sort((a, b) => rank(b) - rank(a));
    while (deletes.length > 0) {
      const left: Route[] = [];
      for (const route of deletes) {
        const ex = await this.send(route);
        const fact = this.facts.get(key(route))!;
        if (ex.status === 204) fact.example = ex;
        else if (ex.status === 409) left.push(route);
        else if (ex.status === 404 && fact.example)
          continue; // gone with its owner; the 204 was kept
        else throw new Error(`example ${key(route)} answered ${ex.status}: ${JSON.stringify(ex.answer)}`);
      }
      if (left.length === deletes.length) throw new Error(`nothing can be deleted of ${left.map(key).join(", ")}`);
      deletes = left;
    }
  }
}

/** What is used and owned, by kind label, from the records the examples left. */
function relations(store: Store): Pick<Run, "usedBy" | "owns"> {
  const usedBy = new Map<string, Set<string>>();
  const owns = new Map<string, Set<string>>();
  const add = (m: Map<string, Set<string>>, k: string, v: string) => m.set(k, (m.get(k) ?? new Set()).add(v));
  for (const kind of KINDS) {
    for (const record of store.collection(kind).all()) {
      for (const id of kind.uses?.(record) ?? []) add(usedBy, store.kindOf(id)!.label, kind.label);
      const owner = kind.owner?.(record);
      if (owner) add(owns, store.kindOf(owner)!.label, kind.label);
    }
  }
  return { usedBy, owns };
}

/** Runs every example against a fresh in-process emulator. */
export async function runExamples(): Promise<Run> {
  const start = Date.now();
  const store = Store.open(KINDS);
  const server = createEmulatorServer({ store, rootToken: ROOT_TOKEN, domains: { provisioningDelayMs: 0 }, log: () => {} });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const examples = new Examples(base);
    await examples.creates();
    await examples.readsAndUpdates();
    await examples.modules();
    const { usedBy, owns } = relations(store);
    await examples.conflicts();
    await examples.deletes();
    return { facts: examples.facts, usedBy, owns, base, start };
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}
