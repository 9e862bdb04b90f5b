import type { FieldRecord, FormFactor } from "../analysis/types";
import { CRUX_CACHE_MS, targetKey } from "./crux-record";
import type { CruxStore } from "./field-source";

/**
 * The command line's store (docs/cli.md "Field data"): answers kept in memory for the run (a day at most), so the
 * pages of one origin ask for it once, and the queries of the run counted per minute of the clock under the same
 * budget as the Worker's. Nothing is written anywhere: the next run asks again.
 */
export function memoryCruxStore(now: () => number = Date.now): CruxStore {
  const answers = new Map<string, { record: FieldRecord | null; at: number }>();
  let minute = -1;
  let used = 0;
  const keyOf = (key: string, formFactor: FormFactor) => `${formFactor} ${key}`;
  return {
    cached: async (target, formFactor) => {
      const kept = answers.get(keyOf(targetKey(target), formFactor));
      return kept && now() - kept.at < CRUX_CACHE_MS ? kept.record : undefined;
    },
    keep: async (target, formFactor, record) => answers.set(keyOf(targetKey(target), formFactor), { record, at: now() }),
    take: async (perMinute) => {
      const current = Math.floor(now() / 60_000);
      if (current !== minute) [minute, used] = [current, 0];
      if (used >= perMinute) return false;
      used++;
      return true;
    },
  };
}
