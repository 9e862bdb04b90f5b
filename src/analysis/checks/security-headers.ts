import type { Check } from "../types";
import { fail, pass } from "../verdict";

const present = (value: string | undefined): boolean => (value ?? "").trim() !== "";

export const securityHeaders: Check = {
  id: "security_headers",
  category: "security",
  importance: "low",
  title: "The response sends the basic security headers",
  fix: "Send Content-Security-Policy (or X-Frame-Options), X-Content-Type-Options: nosniff and Referrer-Policy.",
  readsDom: false,
  run(page) {
    const h = page.fetch.headers;
    const value = {
      content_security_policy: present(h["content-security-policy"]),
      x_frame_options: present(h["x-frame-options"]),
      // Only "nosniff" means anything; a repeated header arrives joined as "nosniff, nosniff".
      x_content_type_options: (h["x-content-type-options"] ?? "").split(",")[0]!.trim().toLowerCase() === "nosniff",
      referrer_policy: present(h["referrer-policy"]),
    };
    const missing: string[] = [];
    if (!value.content_security_policy && !value.x_frame_options) missing.push("Content-Security-Policy or X-Frame-Options");
    if (!value.x_content_type_options) missing.push("X-Content-Type-Options: nosniff");
    if (!value.referrer_policy) missing.push("Referrer-Policy");
    if (missing.length === 0) return pass(value);
    return fail(value, { missing_headers: missing });
  },
};
