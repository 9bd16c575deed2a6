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
  for (const issue of issues) {
    // Values unknown during preview are checked again when they are known.
    if (pathHasUnknown(inputs, issue.path)) continue;
    // The engine prints a named property's value beside the reason, secret or not: for a secret
    // input the reason alone names the field.
    const shown = (property: string) => (decl.secretInputs?.includes(property) ? "" : property);
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        // A misspelt key inside a module or target is named by its whole path, under its top-level input.
        const reason = issue.path.length
          ? `${formatPath([...issue.path, key])}: is not a known field`
          : `${key}: is not a property of ${decl.name}`;
        failures.push({ property: shown(String(issue.path[0] ?? key)), reason });
      }
      continue;
    }
    const property = issue.path.length ? String(issue.path[0]) : "";
    failures.push({ property: shown(property), reason: `${formatPath(issue.path) || decl.name}: ${issue.message}` });
  }
  return { inputs: news, failures };
}
