import { checkTargetUrl } from "../analysis/url-guard";
import { ApiError } from "../http/errors";

/** The page-fetch URL guard, plus https only, unless private targets are allowed (dev and tests). */
export function endpointUrlOrThrow(input: string, allowPrivateTargets: boolean): string {
  const check = checkTargetUrl(input, { allowPrivateTargets });
  const message = !check.ok
    ? check.message
    : !allowPrivateTargets && check.url.protocol !== "https:"
      ? "The webhook url must use https."
      : null;
  if (message !== null || !check.ok) throw new ApiError(422, message!, { url: [message!] });
  return check.url.href;
}
