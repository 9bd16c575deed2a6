/** How long to wait before another attempt when the service gave no `Retry-After`: for retries and for the pacer. */

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

/** Exponential backoff with full jitter: uniform in [0, min(cap, base·2^(retry-1))]. */
export function backoffDelay(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}
