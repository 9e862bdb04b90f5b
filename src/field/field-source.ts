import type { Device } from "../analysis/lab-device";
import type { FieldFacts, FieldRecord, FormFactor } from "../analysis/types";
import type { FieldSettings } from "../config";
import { queryCrux, type CruxApi } from "./crux-api";
import { cruxUrl, formFactorOf, type CruxTarget } from "./crux-record";

/** What an audit asks for its page's field data: given to analyzePage, which asks beside the render. */
export type FieldDataSource = (url: string, device: Device) => Promise<FieldFacts>;

/**
 * Where answers are kept a day and queries counted against the minute's budget: D1 in the Worker, shared by every
 * consumer (src/field/field-data.ts); memory in the command line, for one run (src/field/memory-store.ts).
 */
export interface CruxStore {
  /** The kept answer: a record, `null` for CrUX's "no data", `undefined` when nothing fresh is kept. */
  cached(target: CruxTarget, formFactor: FormFactor): Promise<FieldRecord | null | undefined>;
  keep(target: CruxTarget, formFactor: FormFactor, record: FieldRecord | null): Promise<unknown>;
  /** Takes one of this minute's `perMinute` queries: false when they are used up. */
  take(perMinute: number): Promise<boolean>;
}

/** What one target came to: a record, CrUX's "no data" (null), or why it could not be asked. */
type Asked = { record: FieldRecord | null } | { error: string };

export const NO_KEY: FieldFacts = { ok: false, reason: "no_key", message: "Field data needs a Chrome UX Report API key (the CRUX_API_KEY secret); none is set, so nothing was asked." };

/** The API as configured; null without a key, and then nothing is ever asked. */
const cruxApiOf = (settings: FieldSettings): CruxApi | null =>
  settings.apiKey ? { origin: settings.apiOrigin, key: settings.apiKey, timeoutMs: settings.timeoutMs } : null;

/**
 * The Chrome UX Report for a page (docs/analysis.md "Field data"): its URL's record, else its origin's, for the form
 * factor of the report's device; each answer kept a day in `store`, each query taken from the minute's budget. Without
 * a key nothing is asked. Never throws and never fails an audit: whatever goes wrong is the `unavailable` reason the
 * check shows.
 */
export function fieldSource(store: CruxStore, settings: FieldSettings): FieldDataSource {
  const api = cruxApiOf(settings);
  if (!api) return async () => NO_KEY;
  return (url, device) =>
    safely(url, async () => {
      const formFactor = formFactorOf(device);
      const page = await ask(store, api, settings.queriesPerMinute, { url: cruxUrl(url) }, formFactor);
      if ("error" in page) return unavailable(page.error);
      if (page.record) return { ok: true, record: page.record };
      return await originOnly(store, api, settings.queriesPerMinute, new URL(url).origin, formFactor, "this URL nor its origin");
    });
}

/** A site's field data: its origin's record only (a crawl asks it once, docs/crawls.md). */
export async function originField(store: CruxStore, settings: FieldSettings, url: string, device: Device): Promise<FieldFacts> {
  const api = cruxApiOf(settings);
  if (!api) return NO_KEY;
  return safely(url, () => originOnly(store, api, settings.queriesPerMinute, new URL(url).origin, formFactorOf(device), "this origin"));
}

async function originOnly(store: CruxStore, api: CruxApi, perMinute: number, origin: string, formFactor: FormFactor, what: string): Promise<FieldFacts> {
  const site = await ask(store, api, perMinute, { origin }, formFactor);
  if ("error" in site) return unavailable(site.error);
  if (site.record) return { ok: true, record: site.record };
  return { ok: false, reason: "no_data", message: `The Chrome UX Report has no ${formFactor} data for ${what} (${origin}): too few Chrome visitors.` };
}

/** A hiccup in the store (or a URL that does not parse): the audit goes on without field data. */
async function safely(url: string, asking: () => Promise<FieldFacts>): Promise<FieldFacts> {
  try {
    return await asking();
  } catch (error) {
    console.error("field data failed", { url, error: error instanceof Error ? error.message : String(error) });
    return unavailable("its cache could not be read");
  }
}

const unavailable = (why: string): FieldFacts => ({ ok: false, reason: "unavailable", message: `Field data unavailable: the Chrome UX Report query failed (${why}).` });

/** One target: from the day's cache, else asked within the minute's budget and kept (errors are not kept). */
async function ask(store: CruxStore, api: CruxApi, perMinute: number, target: CruxTarget, formFactor: FormFactor): Promise<Asked> {
  const cached = await store.cached(target, formFactor);
  if (cached !== undefined) return { record: cached };
  if (!(await store.take(perMinute))) return { error: `this minute's ${perMinute} queries are used up; the next audit asks again` };
  const answer = await queryCrux(api, target, formFactor);
  if (answer.kind === "error") return { error: answer.message };
  const record = answer.kind === "record" ? answer.record : null;
  await store.keep(target, formFactor, record);
  return { record };
}
