import { describe, expect, it } from "vitest";
import { checkTargetUrl } from "../../src/analysis/url-guard";

const strict = { allowPrivateTargets: false };
const relaxed = { allowPrivateTargets: true };

describe("checkTargetUrl", () => {
  it.each([
    // loopback in every spelling the URL parser accepts
    "http://127.0.0.1/",
    "http://127.0.0.1./",
    "http://127.1/",
    "http://2130706433/",
    "http://0177.0.0.1/",
    "http://0x7f000001/",
    "http://0x7f.0.0.1/",
    "http://127.000.000.001/",
    "http://[::1]/",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    // names
    "http://localhost/",
    "http://LOCALHOST/",
    "http://localhost./",
    "http://localhost../",
    "http://app.localhost/",
    "http://printer.local/",
    "http://printer.local./",
    "http://db.internal/",
    "http://metadata.google.internal/",
    "http://%6c%6fcalhost/",
    "http://ｌｏｃａｌｈｏｓｔ/",
    // private, link-local, metadata, CGNAT
    "http://10.0.0.1/",
    "http://172.16.5.4/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://2852039166/",
    "http://[::ffff:169.254.169.254]/",
    "http://100.64.0.1/",
    "http://100.127.255.254/",
    // unique-local, link-local IPv6
    "http://[fd00::1]/",
    "http://[fc00::1]/",
    "http://[fe80::1]/",
    // multicast, unspecified, broadcast, reserved
    "http://224.0.0.1/",
    "http://[ff02::1]/",
    "http://0.0.0.0/",
    "http://0/",
    "http://[::]/",
    "http://255.255.255.255/",
    "http://240.0.0.1/",
    // addresses that embed an IPv4 one: NAT64, 6to4, IPv4-compatible
    "http://[64:ff9b::7f00:1]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[2002:7f00:1::]/",
    "http://[::127.0.0.1]/",
  ])("refuses %s", (url) => {
    expect(checkTargetUrl(url, strict)).toMatchObject({ ok: false, code: "blocked_url" });
  });

  it.each(["https://example.com/", "http://example.com:80/a", "https://example.com:443/a", "http://93.184.215.14/", "http://[2606:4700::6810:84e5]/", "https://localhost.example.com/", "https://internal.example.com/"])(
    "accepts the public URL %s",
    (url) => {
      expect(checkTargetUrl(url, strict).ok).toBe(true);
    },
  );

  it("accepts an IPv4-mapped public address as the IPv4 it is", () => {
    expect(checkTargetUrl("http://[::ffff:8.8.8.8]/", strict).ok).toBe(true);
  });

  it.each(["https://example.com:8443/", "http://example.com:22/", "http://example.com:0/"])("refuses the non-web port in %s", (url) => {
    expect(checkTargetUrl(url, strict)).toMatchObject({ ok: false, code: "blocked_url", message: "Only ports 80 and 443 are allowed." });
  });

  it.each(["ftp://example.com/", "file:///etc/passwd", "javascript:alert(1)", "data:text/html,hi", "gopher://example.com/"])(
    "refuses the scheme of %s as invalid_url",
    (url) => {
      expect(checkTargetUrl(url, strict)).toMatchObject({ ok: false, code: "invalid_url" });
      expect(checkTargetUrl(url, relaxed)).toMatchObject({ ok: false, code: "invalid_url" });
    },
  );

  it.each(["", "example.com", "http://", "http://exa mple.com/", "http://1.2.3.4.5/", "http://[::1/"])("refuses the unparseable %j as invalid_url", (url) => {
    expect(checkTargetUrl(url, strict)).toMatchObject({ ok: false, code: "invalid_url" });
  });

  it.each(["http://user:pass@example.com/", "http://user@example.com/", "http://:pass@example.com/"])(
    "refuses user info in %s even when private targets are allowed",
    (url) => {
      expect(checkTargetUrl(url, strict)).toMatchObject({ ok: false, code: "blocked_url" });
      expect(checkTargetUrl(url, relaxed)).toMatchObject({ ok: false, code: "blocked_url" });
    },
  );

  it("allows private hosts and any port when private targets are allowed", () => {
    for (const url of ["http://127.0.0.1:8787/", "http://localhost:3000/", "http://[::1]/", "http://169.254.169.254/"]) {
      expect(checkTargetUrl(url, relaxed).ok, url).toBe(true);
    }
  });

  it("normalises: lower-cased scheme and host, no fragment, canonical IPv4", () => {
    const check = checkTargetUrl("HTTPS://WWW.Example.COM/Path?Q=1#section", strict);
    expect(check.ok && check.url.href).toBe("https://www.example.com/Path?Q=1");
    const ip = checkTargetUrl("http://0x7f000001:8080/#x", relaxed);
    expect(ip.ok && ip.url.href).toBe("http://127.0.0.1:8080/");
  });
});
