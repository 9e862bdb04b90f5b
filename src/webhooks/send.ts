import { DEFAULT_USER_AGENT, discard, targetGuard } from "../analysis/fetch-page";

export type SendResult =
  | { ok: true; status: number }
  | { ok: false; status: number | null; retryAfter: string | null; error: string; gone: boolean };

export interface SendOptions {
  allowPrivateTargets: boolean;
  timeoutMs: number;
  headers: Record<string, string>;
}

/**
 * POSTs one delivery through the fetch layer's rules: the same URL guard as page fetches, fixed headers
 * (nothing of any client's request), no redirect followed (a redirect is a failure), one deadline.
 */
export async function sendWebhook(url: string, body: string, options: SendOptions): Promise<SendResult> {
  const check = targetGuard({ allowPrivateTargets: options.allowPrivateTargets })(url);
  if (!check.ok) return { ok: false, status: null, retryAfter: null, error: `The endpoint URL is blocked: ${check.message}`, gone: false };
  const headers = { ...options.headers, "content-type": "application/json", "user-agent": DEFAULT_USER_AGENT };
  let response: Response;
  try {
    response = await fetch(check.url.href, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const error_ = timedOut ? `No answer within ${options.timeoutMs / 1000} s.` : "Could not connect to the endpoint.";
    return { ok: false, status: null, retryAfter: null, error: error_, gone: false };
  }
  await discard(response);
  if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
  return {
    ok: false,
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    error: failureText(response),
    gone: response.status === 410,
  };
}

function failureText(response: Response): string {
  if (response.status >= 300 && response.status < 400) {
    return `The endpoint redirected (${response.status}${response.headers.has("location") ? ` to ${response.headers.get("location")}` : ""}); redirects are not followed.`;
  }
  return `The endpoint answered ${response.status}.`;
}
