/** A page that can be shared with the report privacy model (a report, a crawl): private, public or password. */
export interface SharedSubject {
  kind: "report" | "crawl";
  id: number;
  privacy: number;
  passwordHash: string | null;
  /** Bumped by a password or privacy change: unlock cookies signed before become void. */
  accessVersion: number;
}

type Named = Pick<SharedSubject, "kind" | "id">;

/** Scopes cookies, CSRF tokens and unlock signatures; a report keeps its bare id, so cookies already issued stay valid. */
export const subjectKey = (s: Named): string => (s.kind === "report" ? String(s.id) : `${s.kind}_${s.id}`);

export const subjectPath = (s: Named): string => `/${s.kind}s/${s.id}`;

/** unlock_attempts is keyed by report id; a crawl counts under the negative of its id, so the two never share a counter. */
export const attemptsKey = (s: Named): number => (s.kind === "report" ? s.id : -s.id);
