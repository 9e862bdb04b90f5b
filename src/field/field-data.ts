import type { Device } from "../analysis/lab-device";
import type { FieldFacts, FieldRecord, FormFactor } from "../analysis/types";
import type { FieldSettings } from "../config";
import type { Db } from "../db/client";
import { queryCrux, type CruxApi } from "./crux-api";
import { cachedAnswer, dropStaleAnswers, keepAnswer } from "./crux-cache";
import { dropPastMinutes, takeCruxQuery } from "./crux-pace";
import { cruxUrl, formFactorOf, type CruxTarget } from "./crux-record";

/** What an audit asks for its page's field data: given to analyzePage, which asks beside the page's fetch. */
export type FieldDataSource = (url: string, device: Device) => Promise<FieldFacts>;

/** What one target came to: a record, CrUX's "no data" (null), or why it could not be asked. */
type Asked = { record: FieldRecord | null } | { error: string };

const NO_KEY: FieldFacts = { ok: false, reason: "no_key", message: "Field data needs a Chrome UX Report API key (the CRUX_API_KEY secret); none is set, so nothing was asked." };

/** The API as configured; null without a key, and then nothing is ever asked. */
const cruxApiOf = (settings: FieldSettings): CruxApi | null =>
  settings.apiKey ? { origin: settings.apiOrigin, key: settings.apiKey, timeoutMs: settings.timeoutMs } : null;

/**
 * The Chrome UX Report for a page (docs/analysis.md "Field data"): its URL's record, else its origin's, for the form
 * factor of the report's device; each answer kept a day in D1, each query taken from the minute's budget shared by
 * every consumer. Without a key nothing is asked. Never throws and never fails an audit: whatever goes wrong is the
 * `unavailable` reason the check shows.
 */
export function fieldDataSource(db: Db, settings: FieldSettings): FieldDataSource {
  const api = cruxApiOf(settings);
  if (!api) return async () => NO_KEY;
  return (url, device) =>
    safely(url, async () => {
      const formFactor = formFactorOf(device);
      const page = await ask(db, api, settings.queriesPerMinute, { url: cruxUrl(url) }, formFactor);
      if ("error" in page) return unavailable(page.error);
      if (page.record) return { ok: true, record: page.record };
      return await originOnly(db, api, settings.queriesPerMinute, new URL(url).origin, formFactor, "this URL nor its origin");
    });
}

/** A crawl's field data: its origin's record only, asked once when the crawl starts (docs/crawls.md). */
export async function originFieldData(db: Db, settings: FieldSettings, url: string, device: Device): Promise<FieldFacts> {
  const api = cruxApiOf(settings);
  if (!api) return NO_KEY;
  return safely(url, () => originOnly(db, api, settings.queriesPerMinute, new URL(url).origin, formFactorOf(device), "this origin"));
}

async function originOnly(db: Db, api: CruxApi, perMinute: number, origin: string, formFactor: FormFactor, what: string): Promise<FieldFacts> {
  const site = await ask(db, api, perMinute, { origin }, formFactor);
  if ("error" in site) return unavailable(site.error);
  if (site.record) return { ok: true, record: site.record };
  return { ok: false, reason: "no_data", message: `The Chrome UX Report has no ${formFactor} data for ${what} (${origin}): too few Chrome visitors.` };
}

/** A D1 hiccup in the cache or the pace (or a URL that does not parse): the audit goes on without field data. */
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
async function ask(db: Db, api: CruxApi, perMinute: number, target: CruxTarget, formFactor: FormFactor): Promise<Asked> {
  const cached = await cachedAnswer(db, target, formFactor);
  if (cached !== undefined) return { record: cached };
  if (!(await takeCruxQuery(db, perMinute))) return { error: `this minute's ${perMinute} queries are used up; the next audit asks again` };
  const answer = await queryCrux(api, target, formFactor);
  if (answer.kind === "error") return { error: answer.message };
  const record = answer.kind === "record" ? answer.record : null;
  await keepAnswer(db, target, formFactor, record);
  return { record };
}

/**
 * The cron's tidying: past minutes' counts every run (a handful of rows); answers past their day once an hour, since
 * finding them reads the whole cache (about a day's audited URLs), which no index is kept for.
 */
export async function dropStaleFieldData(db: Db, scheduledTime: Date): Promise<void> {
  await dropPastMinutes(db);
  if (scheduledTime.getUTCMinutes() === 0) await dropStaleAnswers(db);
}
