// A local fake of Google's OAuth 2.0 endpoints, faked at the HTTP boundary (the worker's global fetch).
// `authorize` plays the consent screen: it reads the authorization URL the worker built and issues a
// one-time code for the claims a test chooses. `fetch` answers POST https://oauth2.googleapis.com/token
// the way Google does: client credentials, redirect URI and the PKCE verifier must match, a code works
// once, and the answer carries an ID token (a JWT whose payload is the chosen claims).

export const GOOGLE_TOKEN_ENDPOINT = "https://oauth2.googleapis.com/token";
const GOOGLE_AUTHORIZE_ENDPOINT = "https://accounts.google.com/o/oauth2/v2/auth";

export type FakeGoogleClaims = {
  iss?: string;
  aud?: string | string[];
  exp?: number;
  iat?: number;
  sub?: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  picture?: string;
};

type Grant = { claims: FakeGoogleClaims; challenge: string; redirectUri: string; clientId: string };

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const base64urlJson = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

async function s256(verifier: string) {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

/** A signed-looking JWT with `claims` as its payload (the worker trusts the TLS channel, not the signature). */
export const fakeIdToken = (claims: FakeGoogleClaims) =>
  `${base64urlJson({ alg: "RS256", kid: "fake", typ: "JWT" })}.${base64urlJson(claims)}.ZmFrZS1zaWduYXR1cmU`;

export function createFakeGoogle(client: { clientId: string; clientSecret: string }) {
  const grants = new Map<string, Grant>();
  const tokenRequests: URLSearchParams[] = [];
  let issued = 0;

  const tokenError = (error: string, status = 400) =>
    new Response(JSON.stringify({ error, error_description: error }), {
      status,
      headers: { "content-type": "application/json" },
    });

  return {
    tokenRequests,
    /** Google's valid claims for `email` and `sub`, one hour left. */
    claims(overrides: FakeGoogleClaims = {}): FakeGoogleClaims {
      const now = Math.floor(Date.now() / 1000);
      return {
        iss: "https://accounts.google.com",
        aud: client.clientId,
        iat: now,
        exp: now + 3600,
        sub: "109876543210",
        email: "soul@example.com",
        email_verified: true,
        name: "Google Soul",
        picture: "https://lh3.googleusercontent.com/a/soul",
        ...overrides,
      };
    },
    /** The consent screen: checks the authorization URL and returns the code Google would redirect with. */
    authorize(authorizationUrl: string, claims: FakeGoogleClaims): string {
      const url = new URL(authorizationUrl);
      if (`${url.origin}${url.pathname}` !== GOOGLE_AUTHORIZE_ENDPOINT)
        throw new Error(`not Google's authorization endpoint: ${url}`);
      const params = url.searchParams;
      if (params.get("response_type") !== "code") throw new Error("response_type must be code");
      if (params.get("code_challenge_method") !== "S256" || !params.get("code_challenge"))
        throw new Error("PKCE S256 is required");
      if (!params.get("state")) throw new Error("state is required");
      if (!params.get("scope")?.split(" ").includes("openid")) throw new Error("the openid scope is required");
      const code = `4/fake-code-${++issued}`;
      grants.set(code, {
        claims,
        challenge: params.get("code_challenge")!,
        redirectUri: params.get("redirect_uri") ?? "",
        clientId: params.get("client_id") ?? "",
      });
      return code;
    },
    /** Google's token endpoint; anything else is a network error, as an unexpected host would be. */
    async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const request = new Request(input, init);
      if (request.url !== GOOGLE_TOKEN_ENDPOINT || request.method !== "POST")
        throw new TypeError(`unexpected fetch ${request.method} ${request.url}`);
      const form = new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
      tokenRequests.push(form);
      const expectedAuth = `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`;
      if (request.headers.get("authorization") !== expectedAuth) return tokenError("invalid_client", 401);
      if (form.get("grant_type") !== "authorization_code") return tokenError("unsupported_grant_type");
      const grant = grants.get(form.get("code") ?? "");
      grants.delete(form.get("code") ?? "");
      if (!grant || grant.clientId !== client.clientId) return tokenError("invalid_grant");
      if (form.get("redirect_uri") !== grant.redirectUri) return tokenError("redirect_uri_mismatch");
      if ((await s256(form.get("code_verifier") ?? "")) !== grant.challenge) return tokenError("invalid_grant");
      return new Response(
        JSON.stringify({
          access_token: "ya29.fake",
          token_type: "Bearer",
          expires_in: 3599,
          scope: "openid email profile",
          id_token: fakeIdToken(grant.claims),
        }),
        { headers: { "content-type": "application/json" } },
      );
    },
  };
}
export type FakeGoogle = ReturnType<typeof createFakeGoogle>;
