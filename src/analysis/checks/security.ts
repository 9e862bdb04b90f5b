import type { Check } from "../types";
import { hsts } from "./hsts";
import { https } from "./https";
import { mixedContent } from "./mixed-content";
import { plaintextEmail } from "./plaintext-email";
import { securityHeaders } from "./security-headers";
import { serverSignature } from "./server-signature";
import { unsafeCrossOriginLinks } from "./unsafe-cross-origin-links";

/** The security checks, in their specified order. Adding a check: one file beside this one, one line here. */
export const securityChecks: readonly Check[] = [
  https,
  mixedContent,
  serverSignature,
  unsafeCrossOriginLinks,
  hsts,
  securityHeaders,
  plaintextEmail,
];
