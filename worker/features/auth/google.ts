// Google sign-in (OAuth 2.0 + PKCE) through arctic. The ID token comes straight from Google's token
// endpoint over TLS, so decoding it and checking its claims is enough (OpenID Connect §3.1.3.7).
import { decodeIdToken, Google } from "arctic";
import { ApiError } from "../../platform/errors";

const ISSUERS = ["https://accounts.google.com", "accounts.google.com"];

export type GoogleConfig = { clientId: string; clientSecret: string; redirectUri: string };

export function googleAuthorizationUrl(config: GoogleConfig, state: string, codeVerifier: string): URL {
  const google = new Google(config.clientId, config.clientSecret, config.redirectUri);
  return google.createAuthorizationURL(state, codeVerifier, ["openid", "profile", "email"]);
}

type GoogleClaims = {
  iss?: string;
  aud?: string | string[];
  exp?: number;
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
};

/** Checks the claims of a decoded Google ID token and returns the identity, or throws 401. */
export function verifyGoogleClaims(claims: GoogleClaims, clientId: string, now = Date.now()) {
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!claims.iss || !ISSUERS.includes(claims.iss)) throw new ApiError(401, "Invalid ID token issuer");
  if (!aud.includes(clientId)) throw new ApiError(401, "Invalid ID token audience");
  if (typeof claims.exp !== "number" || claims.exp * 1000 <= now) throw new ApiError(401, "ID token expired");
  if (!claims.sub || !claims.email) throw new ApiError(401, "ID token has no subject or email");
  if (claims.email_verified !== true) throw new ApiError(401, "Google email is not verified");
  return { googleSub: claims.sub, email: claims.email, name: claims.name ?? null, avatarUrl: claims.picture ?? null };
}

export async function exchangeGoogleCode(config: GoogleConfig, code: string, codeVerifier: string) {
  const google = new Google(config.clientId, config.clientSecret, config.redirectUri);
  let idToken: string;
  try {
    const tokens = await google.validateAuthorizationCode(code, codeVerifier);
    idToken = tokens.idToken();
  } catch {
    throw new ApiError(401, "Google rejected the sign-in code");
  }
  return verifyGoogleClaims(decodeIdToken(idToken) as GoogleClaims, config.clientId);
}
