/**
 * Fault injection and latency: the settings (CLI flags, startEmulator options, PUT /_emulator/faults all
 * go through `faultSettingsSchema`) and the per-request choice, which is deterministic with a seed.
 */
import { z } from "zod";
import { addRule, parseBody } from "../state/validation";
import { FAULT_KINDS, type FaultKind, type FaultSettings } from "../options";
import { rateLimitSchema, withDefaults } from "./rate-limit";

export { FAULT_KINDS, type FaultKind, type FaultSettings };

/** Upper bound of an injected delay: long enough to simulate a slow service, short enough for any client timeout. */
export const MAX_LATENCY_MS = 60_000;

export const DEFAULT_FAULT_SETTINGS: Readonly<FaultSettings> = { latency_ms: [0, 0], fault_rate: 0, faults: [...FAULT_KINDS] };

const delay = z.number().int().min(0).max(MAX_LATENCY_MS);

export const faultSettingsSchema = z.strictObject({
  latency_ms: z.tuple([delay, delay]).superRefine(([min, max], ctx) => {
    if (min > max) addRule(ctx, [], "must be [min, max] with min <= max", `[${min}, ${max}]`);
  }),
  fault_rate: z.number().min(0).max(1),
  faults: z
    .array(z.enum(FAULT_KINDS))
    .min(1)
    .superRefine((kinds, ctx) => {
      kinds.forEach((kind, i) => {
        if (kinds.indexOf(kind) !== i) addRule(ctx, [i], "must not repeat a fault kind", JSON.stringify(kind));
      });
    }),
  rate_limit: rateLimitSchema.optional(),
});

/**
 * A validated copy of a settings body, `rate_limit` with its defaults (only when sent); API errors name
 * the field (`latency_ms[1]`, `faults[0]`, `rate_limit.per_minute`).
 */
export function parseFaultSettings(body: Record<string, unknown>): FaultSettings {
  const parsed = parseBody(faultSettingsSchema, body);
  const settings: FaultSettings = {
    latency_ms: [parsed.latency_ms[0], parsed.latency_ms[1]],
    fault_rate: parsed.fault_rate,
    faults: [...parsed.faults],
  };
  if (parsed.rate_limit !== undefined) settings.rate_limit = withDefaults(parsed.rate_limit);
  return settings;
}

/** Seeds are 32-bit: the state of the generator below. */
export function isFaultSeed(seed: number): boolean {
  return Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff;
}

/** A source of numbers in [0, 1): mulberry32 when seeded (same seed, same choices), else Math.random. */
export function randomSource(seed?: number): () => number {
  if (seed === undefined) return Math.random;
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FaultChoice {
  delayMs: number;
  fault: FaultKind | null;
}

/** Current settings plus the random source; `choose` decides one request. */
export class FaultInjector {
  private current: FaultSettings;
  private readonly random: () => number;

  constructor(settings: FaultSettings = DEFAULT_FAULT_SETTINGS, seed?: number) {
    this.current = structuredClone(settings);
    this.random = randomSource(seed);
  }

  get settings(): FaultSettings {
    return structuredClone(this.current);
  }

  set settings(next: FaultSettings) {
    this.current = structuredClone(next);
  }

  /** Always three draws per request, so a seeded run repeats even when the settings change in between. */
  choose(): FaultChoice {
    const [min, max] = this.current.latency_ms;
    const a = this.random();
    const b = this.random();
    const c = this.random();
    const delayMs = min + Math.floor(a * (max - min + 1));
    const { faults, fault_rate } = this.current;
    const fault = b < fault_rate ? faults[Math.floor(c * faults.length)] : null;
    return { delayMs, fault };
  }
}
