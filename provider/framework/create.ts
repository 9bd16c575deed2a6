/** Create: a new resource, or one taken over with `adopt`, converged to what is declared. */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { NotFoundError } from "../../sdk/core/errors";
import type { EdgeIngress } from "../../sdk/client";
import { inputKeys, type KindDeclaration } from "./kind";
import { PROVIDER_KEY } from "./provider-factory";
import { DECLARED, SPELLED } from "./hidden-outputs";
import { joinSecrets, readClaimed, splitSecrets } from "./children";
import { ADOPT, PartialStateError, apart, effective, inServiceForm, type Props } from "./inputs";
import { toOutputs, withDeclared } from "./outputs";
import { CHILD_RULES, diff } from "./diff";
import { claim, createOnce } from "./lost-create";
import { updateOutputs, withOwned } from "./update";

export async function create(decl: KindDeclaration, client: EdgeIngress, inputs: Props): Promise<dynamic.CreateResult> {
  const joined = joinSecrets(decl, inputs);
  const made = await apart(decl, () => createOrAdopt(decl, client, joined));
  return { ...made, outs: splitSecrets(decl, withDeclared(decl, made.outs, joined)) };
}

async function createOrAdopt(decl: KindDeclaration, client: EdgeIngress, inputs: Props): Promise<dynamic.CreateResult> {
  if (typeof inputs[ADOPT] === "string") return adopt(decl, client, inputs[ADOPT], inputs);
  const params: Props = {};
  for (const key of inputKeys(decl))
    if (inputs[key] !== undefined && !decl.owns?.[key]) params[key] = inServiceForm(decl, key, inputs[key]);
  const obj = await createOnce(decl, client, params, inputs);
  let outs: Props;
  try {
    // Write-only inputs (a private key) are kept from what was declared.
    outs = toOutputs(decl, obj, inputs);
  } catch (e) {
    // Its outputs cannot be compared with: every declared value is kept as declared.
    const declared = withDeclared(decl, {}, inputs);
    throw new PartialStateError(`${decl.name} ${obj.id} was created but its outputs could not be read: ${(e as Error).message}`, obj.id, {
      ...obj,
      [DECLARED]: declared[DECLARED],
      [SPELLED]: declared[SPELLED],
      [PROVIDER_KEY]: inputs[PROVIDER_KEY],
    });
  }
  if (decl.owns) outs = { ...outs, ...(await withOwned(decl, client, obj.id, {}, inputs, outs)) };
  return { id: obj.id, outs };
}

/**
 * Takes over an existing resource (dynamic providers cannot `pulumi import`): reads it and converges it
 * to the declared inputs. A field that cannot change after creation must already match.
 */
async function adopt(decl: KindDeclaration, client: EdgeIngress, id: string, inputs: Props): Promise<dynamic.CreateResult> {
  let obj: any;
  try {
    obj = await decl.api(client).get(id);
  } catch (e) {
    if (e instanceof NotFoundError)
      throw new Error(`${ADOPT}: there is no ${decl.name} with id "${id}" (it does not exist, or it is another kind)`);
    throw e;
  }
  // A value the service does not show (a private key) cannot differ from anything: the declared one is kept.
  claim(obj);
  // Declared owned children claim the ones the resource has: they are compared and converged too.
  const current = {
    ...toOutputs(decl, obj, inputs),
    ...(decl.owns ? await readClaimed(decl, CHILD_RULES, client, obj.id, inputs, obj) : {}),
  };
  const { changes, replaces = [] } = diff(decl, obj.id, current, inputs);
  if (replaces.length) {
    // Each field with both values, so the user can tell which side to fix; a secret one by name only.
    const parts = replaces.map((key) =>
      decl.secretInputs?.includes(key)
        ? `another ${key} than declared (secret, not shown)`
        : `${key} ${valueText(current[key])} but ${valueText(effective(decl, inputs, key))} is declared`,
    );
    throw new Error(
      `${ADOPT}: ${decl.name} ${obj.id} has ${parts.join(", and ")}, which cannot change after creation; declare ${replaces.length > 1 ? "its values" : "its value"} or create a new one`,
    );
  }
  if (!changes) return { id: obj.id, outs: current };
  return { id: obj.id, outs: (await updateOutputs(decl, client, obj.id, current, inputs)).outs };
}

/** A value for a message: JSON, cut short when long (a PEM). */
function valueText(value: unknown): string {
  if (value == null) return "none";
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
