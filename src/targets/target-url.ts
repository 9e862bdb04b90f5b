import { checkTargetUrl } from "../analysis/url-guard";
import { ApiError } from "../http/errors";

/** The URL a report or crawl audits, as the URL guard allows it; otherwise a 422 naming `url`. */
export function targetUrlOrThrow(input: string, allowPrivateTargets: boolean): URL {
  const check = checkTargetUrl(input, { allowPrivateTargets });
  if (!check.ok) throw new ApiError(422, check.message, { url: [check.message] });
  return check.url;
}
