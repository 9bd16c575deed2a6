/** An update with modules: one request per changed piece, in an order that keeps traffic closed on the way. */
import { NotFoundError } from "../../sdk/core/errors";
import { inputKeys, type KindApi, type KindDeclaration } from "./kind";
import { PROVIDER_KEY } from "./provider-factory";
import { bestValidOrder, rulesHold, type Step } from "./module-order";
import { PartialStateError, type Props } from "./inputs";
import { toOutputs, withDeclared } from "./outputs";

/** One request of an update with modules: `whole` when its answer is the whole resource (a PATCH). */
interface UpdateStep extends Step {
  run(): Promise<void>;
  readonly whole?: boolean;
}

/**
 * Outputs from a PATCH answer. An input that was not sent keeps its stored value: the service may
 * answer it blank (§2.10, §2.11 show `backends` empty when only metadata was sent), and taking that at
 * face value would show a false change at the next preview. Sent inputs and outputs come from the answer.
 */
export function fromUpdateAnswer(decl: KindDeclaration, obj: any, olds: Props, sent: Props): Props {
  const outs = toOutputs(decl, obj, olds);
  for (const key of inputKeys(decl)) if (!(key in sent) && key in olds) outs[key] = olds[key];
  return outs;
}

/**
 * One request per changed piece. Preferred order, so that traffic never opens on the way (fail
 * closed): a removed backend goes first; guards (IP restrictions, mutual TLS, auth) are set before
 * fields and a new backend; removed guards go last. The service checks its rules between modules on
 * the resource after each request (no mutual TLS while TLS ends upstream, §2.3), so the order taken is
 * one in which the resource after every step passes the kind's create schema, with each step as early
 * as it can be, most preferred first: a step moves ahead only to let a more preferred one through
 * (module-order.ts). If there is none and the kind's PATCH sets modules (§4.1.6), the fields and the
 * modules set go in one PATCH; failing that too, the preferred order is kept and the service reports
 * the rule. If a step fails, what was applied is recorded as partial state, so the next update carries
 * on from there.
 */
export async function updateWithModules(
  decl: KindDeclaration,
  api: KindApi<any>,
  id: string,
  olds: Props,
  news: Props,
  changed: string[],
  fields: Props,
): Promise<Props> {
  const modules = decl.modules!;
  const removed = changed.filter((m) => m in modules && news[m] == null);
  const set = changed.filter((m) => m in modules && news[m] != null);
  const isGuard = (m: string) => modules[m].guard === true;
  let outs: Props = { ...olds };
  const put = (m: string): UpdateStep => ({
    what: `set ${m}`,
    keys: [m],
    run: async () => {
      const module = await api.replaceModule!(id, m, news[m]);
      outs = { ...outs, [m]: modules[m].toInput ? modules[m].toInput!(module) : module };
    },
  });
  const del = (m: string): UpdateStep => ({
    what: `remove ${m}`,
    keys: [m],
    run: async () => {
      try {
        await api.deleteModule!(id, m);
      } catch (e) {
        if (!(e instanceof NotFoundError)) throw e; // already unset
      }
      outs = { ...outs, [m]: null };
    },
  });
  const patch = (body: Props, what: string): UpdateStep => ({
    what,
    keys: Object.keys(body),
    whole: true,
    run: async () => void (outs = fromUpdateAnswer(decl, await api.update(id, body), outs, body)),
  });
  const hasFields = Object.keys(fields).length > 0;
  const first = removed.filter((m) => !isGuard(m)).map(del);
  const last = removed.filter(isGuard).map(del);
  const preferred = [
    ...first,
    ...set.filter(isGuard).map(put),
    ...(hasFields ? [patch(fields, "update fields")] : []),
    ...set.filter((m) => !isGuard(m)).map(put),
    ...last,
  ];
  const holds = rulesHold(decl, olds, news, new Set(changed));
  let steps = preferred.length > 1 ? bestValidOrder(preferred, holds) : preferred;
  if (!steps && set.length + (hasFields ? 1 : 0) > 1 && decl.patchSetsModules) {
    const body = { ...fields, ...Object.fromEntries(set.map((m) => [m, news[m]])) };
    steps = bestValidOrder([...first, patch(body, `update ${Object.keys(body).join(", ")}`), ...last], holds);
  }
  steps ??= preferred;
  for (const step of steps) {
    try {
      await step.run();
    } catch (e) {
      // Recorded with the inputs the engine keeps for it (the new ones), so a refresh still reads them.
      const partial = new PartialStateError(`${decl.name} ${id}: could not ${step.what}: ${(e as Error).message}`, id, {
        ...withDeclared(decl, outs, news),
        [PROVIDER_KEY]: news[PROVIDER_KEY],
      });
      // What failed: an owned child found gone here is made again (children.ts).
      throw Object.assign(partial, { cause: e });
    }
  }
  // A PATCH alone answers with the whole resource. A module's answer holds only the module: read back
  // once so outputs the service derives (e.g. read-only module fields) stay exact.
  if (steps.length === 1 && steps[0].whole) return outs;
  return toOutputs(decl, await api.get(id), outs);
}
