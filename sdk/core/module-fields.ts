/**
 * What the sdk's module schemas (sdk/resources/*modules.ts) are built from: the `enabled` switch every
 * module has, a refinement's issue, the HTTP token rule, and a module set's entry (`mod`).
 */
import { z } from "zod";
import { boolean } from "./fields";

/** A request's `enabled`. @internal */
export const enabled = boolean.optional().describe("The module is applied to traffic unless `enabled: false`.");
/** A response's `enabled`. @internal */
export const enabledOut = z.boolean().describe("Whether the module is applied to traffic.");

/** @internal */
export type Ctx = z.core.$RefinementCtx;
/** Adds a refinement's issue at `path`. @internal */
export function issue(ctx: Ctx, path: PropertyKey[], message: string): void {
  ctx.addIssue({ code: "custom", path, message });
}

/** RFC 9110 token characters: header names, cookie names. @internal */
export const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A module of a set, with what it does: the doc of its entry and of every edge's or route's field for it. @internal */
export const mod = <P extends z.ZodType, M extends z.ZodType>(params: P, model: M, description: string) => ({ params, model, description });
