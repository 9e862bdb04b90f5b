import ipaddr from "ipaddr.js";

export type UrlCheck = { ok: true; url: URL } | { ok: false; code: "invalid_url" | "blocked_url"; message: string };

const DEFAULT_PORTS = new Set(["", "80", "443"]);
const BLOCKED_SUFFIXES = [".localhost", ".local", ".internal"];

/**
 * Whether the analysis may fetch `input` (docs/security.md, "Fetching user URLs"), and its normalised form:
 * the WHATWG parser lower-cases scheme and host and turns every IPv4 spelling (2130706433, 0177.0.0.1,
 * 0x7f000001, 127.1) into dotted decimal, so the host is classified after parsing, never as typed.
 * Host names that resolve to private addresses cannot be caught here (Workers has no DNS API); the
 * Workers runtime itself refuses to connect to private addresses in production.
 */
export function checkTargetUrl(input: string, options: { allowPrivateTargets: boolean }): UrlCheck {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, code: "invalid_url", message: "The URL is not valid." };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return { ok: false, code: "invalid_url", message: "Only http and https URLs can be analysed." };
  }
  if (url.username !== "" || url.password !== "") {
    return { ok: false, code: "blocked_url", message: "URLs with a user name or password are not allowed." };
  }
  url.hash = "";
  if (options.allowPrivateTargets) return { ok: true, url };
  if (!DEFAULT_PORTS.has(url.port)) {
    return { ok: false, code: "blocked_url", message: "Only ports 80 and 443 are allowed." };
  }
  const reason = blockedHostReason(url.hostname);
  return reason ? { ok: false, code: "blocked_url", message: reason } : { ok: true, url };
}

/** Why a parsed host name may not be fetched, or null when it may. */
function blockedHostReason(hostname: string): string | null {
  const bare = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  if (ipaddr.isValid(bare)) {
    // process() unwraps IPv4-mapped IPv6 (::ffff:127.0.0.1) so it is judged as the IPv4 it is.
    const address = ipaddr.process(bare);
    // ipaddr.js calls the deprecated IPv4-compatible form (::127.0.0.1) unicast; it is not.
    const range = address.kind() === "ipv6" && isIpv4Compatible(address as ipaddr.IPv6) ? "ipv4Compatible" : address.range();
    // Only ordinary public unicast passes: loopback, private, link-local (incl. 169.254.169.254),
    // unique-local, CGNAT, multicast, unspecified, broadcast, reserved, NAT64, 6to4, Teredo... do not.
    return range === "unicast" ? null : `The address ${hostname} is not public (${range}).`;
  }
  const name = bare.replace(/\.+$/, "");
  if (name === "localhost" || BLOCKED_SUFFIXES.some((suffix) => name.endsWith(suffix))) {
    return `The host ${hostname} is not public.`;
  }
  return null;
}

const isIpv4Compatible = (address: ipaddr.IPv6) => address.parts.slice(0, 6).every((part) => part === 0);
