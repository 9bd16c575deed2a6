/** Check: the inputs a program declares, against the kind's schemas, before anything is sent. */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import type { KindDeclaration } from "./kind";
import { idFormOf } from "./ids";
import { containsUnknown, formatPath, pathHasUnknown } from "./values";
import { joinSecrets } from "./children";
import { ADOPT, userInputs, type Props } from "./inputs";

export function check(decl: KindDeclaration, _olds: Props, news: Props): dynamic.CheckResult {
  const { [ADOPT]: adopt, ...inputs } = userInputs(joinSecrets(decl, news));
  const failures: dynamic.CheckFailure[] = [];
  if (adopt !== undefined && !containsUnknown(adopt)) {
    const form = idFormOf(decl);
    if (typeof adopt !== "string" || adopt === "") {
      failures.push({ property: ADOPT, reason: `${ADOPT}: must be the id of an existing ${decl.name}` });
    } else if (!form.test(adopt)) {
      failures.push({ property: ADOPT, reason: `${ADOPT}: "${adopt}" does not have the form of ${decl.name} ids (${form.shown})` });
    }
  }
  // An input in its declared form is checked by the form's schema (issues name `backends[1].weight`);
  // the create schema checks everything else, and a value given in the wire form.
  const declared = new Set<string>();
  const issues: z.core.$ZodIssue[] = [];
  const wireInputs: Props = { ...inputs };
  for (const [key, form] of Object.entries(decl.inputForms ?? {})) {
    if (!form.isDeclared(inputs[key])) continue;
    declared.add(key);
    delete wireInputs[key];
    const result = form.schema.safeParse(inputs[key]);
    if (!result.success) issues.push(...result.error.issues.map((issue) => ({ ...issue, path: [key, ...issue.path] })));
  }
  const parsed = decl.createSchema.safeParse(wireInputs);
  if (!parsed.success) issues.push(...parsed.error.issues.filter((issue) => !declared.has(String(issue.path[0]))));
  // The engine prints a named property's value beside the reason, looked up as a top-level input (it
  // reads no deeper path): a failure about such a value itself names it, unless it is secret or a list
  // or object (a 1000-rule list printed whole buries the reason). A failure inside an input names no
  // property, as Pulumi's own providers do: its reason leads with the path (`rules[5].cidr`) and no
  // value is printed, so no secret of a route's module either.
  const propertyOf = (path: readonly PropertyKey[]) => {
    const key = String(path[0] ?? "");
    const value = inputs[key];
    const printable = path.length === 1 && !decl.secretInputs?.includes(key) && (value === null || typeof value !== "object");
    return printable ? key : "";
  };
  for (const issue of issues) {
    // Values unknown during preview are checked again when they are known.
    if (pathHasUnknown(inputs, issue.path)) continue;
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        // A misspelt key inside a module or target is named by its whole path.
        const reason = issue.path.length
          ? `${formatPath([...issue.path, key])}: is not a known field`
          : `${key}: is not a property of ${decl.name}`;
        failures.push({ property: propertyOf([...issue.path, key]), reason });
      }
      continue;
    }
    failures.push({ property: propertyOf(issue.path), reason: `${formatPath(issue.path) || decl.name}: ${issue.message}` });
  }
  return { inputs: news, failures };
}
