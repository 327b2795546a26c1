import { secureHeaders } from "hono/secure-headers";

/**
 * Headers on every API response. Files served from R2 set their own sandboxing CSP; JSON needs none
 * beyond refusing to be framed or sniffed.
 */
export const apiSecurityHeaders = secureHeaders({
  strictTransportSecurity: "max-age=63072000; includeSubDomains",
  xFrameOptions: "DENY",
  referrerPolicy: "strict-origin-when-cross-origin",
  crossOriginResourcePolicy: "same-origin",
  crossOriginOpenerPolicy: "same-origin",
  xXssProtection: false,
});
