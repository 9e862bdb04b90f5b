/**
 * A stored event as a Slack incoming-webhook message (docs/monitoring.md "Changes and alerts"): `{"text": ...}` in
 * Slack's mrkdwn, one line per change with before -> after, and a link to the report page. Other events get one line.
 */
interface StoredEvent {
  type: string;
  data: Record<string, unknown> & {
    url?: string;
    project?: string;
    page_url?: string | null;
    score?: number | null;
    changes?: { field: string; before: string | null; after: string | null; severity: string }[];
    more?: number;
  };
}

const MAX_VALUE = 120;

/** Slack escapes these three in text; a value is clipped so one change stays one line. */
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const shown = (value: string | null) => (value === null ? "(none)" : escape(value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE - 1)}…` : value).replace(/\s+/g, " "));

export function slackMessage(event: StoredEvent): { text: string } {
  const { data } = event;
  const subject = data.url ?? data.project ?? "";
  const link = data.page_url ? `<${data.page_url}|${escape(subject)}>` : escape(subject);
  if (!data.changes) {
    const score = typeof data.score === "number" ? ` (score ${data.score})` : "";
    return { text: `pagegrade ${event.type}: ${link}${score}` };
  }
  const lines = data.changes.map((change) => `• *${change.severity}* ${change.field}: ${shown(change.before)} -> ${shown(change.after)}`);
  if (data.more) lines.push(`…and ${data.more} more`);
  return { text: [`pagegrade: ${data.changes.length + (data.more ?? 0)} change(s) on ${link}`, ...lines].join("\n") };
}
