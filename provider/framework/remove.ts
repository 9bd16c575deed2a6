/** Delete: the resource, and done when it is already gone. */
import { NotFoundError } from "../../sdk/core/errors";
import type { EdgeIngress } from "../../sdk/client";
import type { KindDeclaration } from "./kind";
import { writingApi } from "./page-reads";

export async function remove(decl: KindDeclaration, client: EdgeIngress, id: string): Promise<void> {
  try {
    await writingApi(decl.api(client)).delete(id);
  } catch (e) {
    if (!(e instanceof NotFoundError)) throw e; // already gone is done
  }
}
