// Fake OpenAI, Gemini and Straico APIs as one web-standard handler (Request -> Response), used by the
// worker tests (as the worker's fetch) and by the node server in ai-providers.mjs (dev server, e2e).
// Answers are canned but echo the prompt. A key equal to BAD_KEY is refused like the real services.
// Markers in a prompt choose a failure: "[empty]" empty content, "[fail]" HTTP 500, "[blocked]" a
// refused prompt (Gemini: promptFeedback.blockReason SAFETY).

export const BAD_KEY = "bad-key";

/** A valid 1x1 PNG. */
export const FAKE_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const pngBytes = () => Uint8Array.from(atob(FAKE_PNG_BASE64), (ch) => ch.charCodeAt(0));

const json = (status, body) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The first words of the prompt, for prompt-dependent answers. */
export function echoPhrase(prompt) {
  const words = String(prompt ?? "")
    .replace(/\[(empty|fail|blocked)\]/g, "")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return words.slice(0, 8).join(" ") || "the cosmos";
}

/** The canned text every provider answers with; tests look for it. */
export const fakeText = (label, prompt) => {
  const phrase = echoPhrase(prompt);
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}\n\nA message from ${label} about ${phrase}.\nMay the \
stars guide you.`;
};

const marker = (prompt, name) => String(prompt ?? "").includes(`[${name}]`);

async function readJson(request) {
  try {
    return await request.json();
  } catch {
    return {};
  }
}

const bearer = (request) => (request.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "");

function openaiAuth(request) {
  const key = bearer(request);
  if (!key)
    return json(401, {
      error: { message: "You didn't provide an API key.", type: "invalid_request_error", code: null },
    });
  if (key === BAD_KEY)
    return json(401, {
      error: {
        message: "Incorrect API key provided: bad-key.",
        type: "invalid_request_error",
        code: "invalid_api_key",
      },
    });
  return null;
}

function geminiAuth(request, url) {
  const key = request.headers.get("x-goog-api-key") ?? url.searchParams.get("key") ?? "";
  if (!key)
    return json(403, {
      error: { code: 403, message: "Method doesn't allow unregistered callers.", status: "PERMISSION_DENIED" },
    });
  if (key === BAD_KEY) {
    return json(400, {
      error: {
        code: 400,
        message: "API key not valid. Please pass a valid API key.",
        status: "INVALID_ARGUMENT",
        details: [
          { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com" },
        ],
      },
    });
  }
  return null;
}

function straicoAuth(request) {
  const key = bearer(request);
  if (!key || key === BAD_KEY) return json(401, { success: false, error: "Unauthorized: invalid API key" });
  return null;
}

const lastUserMessage = (messages) =>
  [...(Array.isArray(messages) ? messages : [])].reverse().find((m) => m?.role === "user")?.content ?? "";

/** Returns { handle, fetch, requests }: every request is recorded as { provider, method, path, body }. */
export function createFakeAiProviders() {
  const requests = [];

  async function handle(request) {
    const url = new URL(request.url);
    const path = url.pathname;
    const body = request.method === "POST" ? await readJson(request) : undefined;
    const provider = path.startsWith("/v1beta")
      ? "gemini"
      : path.startsWith("/v1/")
        ? "openai"
        : path.startsWith("/v0/")
          ? "straico"
          : "unknown";
    requests.push({ provider, method: request.method, path, body });

    // OpenAI
    if (provider === "openai") {
      const refused = openaiAuth(request);
      if (refused) return refused;
      if (request.method === "GET" && path === "/v1/models")
        return json(200, { object: "list", data: [{ id: "gpt-5-mini", object: "model" }] });
      if (request.method === "POST" && path === "/v1/chat/completions") {
        const prompt = lastUserMessage(body.messages);
        if (marker(prompt, "fail"))
          return json(500, { error: { message: "The server had an error", type: "server_error" } });
        if (marker(prompt, "blocked"))
          return json(400, {
            error: { message: "Your request was rejected by the safety system.", code: "moderation_blocked" },
          });
        const content = marker(prompt, "empty") ? "" : fakeText("OpenAI", prompt);
        return json(200, {
          id: "chatcmpl-fake",
          object: "chat.completion",
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop" }],
        });
      }
      if (request.method === "POST" && path === "/v1/images/generations") {
        if (marker(body.prompt, "fail"))
          return json(500, { error: { message: "The server had an error", type: "server_error" } });
        if (marker(body.prompt, "blocked"))
          return json(400, {
            error: { message: "Your request was rejected by the safety system.", code: "moderation_blocked" },
          });
        return json(200, { created: 1, data: marker(body.prompt, "empty") ? [] : [{ b64_json: FAKE_PNG_BASE64 }] });
      }
    }

    // Gemini
    if (provider === "gemini") {
      const refused = geminiAuth(request, url);
      if (refused) return refused;
      if (request.method === "GET" && path === "/v1beta/models")
        return json(200, { models: [{ name: "models/gemini-2.5-flash" }] });
      const generate = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(path);
      if (request.method === "POST" && generate) {
        const prompt = (body.contents ?? [])
          .flatMap((c) => c?.parts ?? [])
          .map((p) => p?.text ?? "")
          .join("\n");
        if (marker(prompt, "fail"))
          return json(500, { error: { code: 500, message: "An internal error has occurred.", status: "INTERNAL" } });
        if (marker(prompt, "blocked")) return json(200, { promptFeedback: { blockReason: "SAFETY" } });
        const wantsImage = (body.generationConfig?.responseModalities ?? []).includes("IMAGE");
        const parts = marker(prompt, "empty")
          ? []
          : wantsImage
            ? [{ text: "Here is your image." }, { inlineData: { mimeType: "image/png", data: FAKE_PNG_BASE64 } }]
            : [{ text: fakeText("Gemini", prompt) }];
        return json(200, {
          candidates: [{ content: { role: "model", parts }, finishReason: "STOP" }],
          modelVersion: decodeURIComponent(generate[1]),
        });
      }
    }

    // Straico
    if (provider === "straico") {
      if (request.method === "GET" && path.startsWith("/v0/fake-images/")) {
        return new Response(pngBytes(), { status: 200, headers: { "content-type": "image/png" } });
      }
      const refused = straicoAuth(request);
      if (refused) return refused;
      if (request.method === "GET" && path === "/v0/user")
        return json(200, { success: true, data: { first_name: "Fake", coins: 1000, plan: "Fake plan" } });
      if (request.method === "POST" && path === "/v0/prompt/completion") {
        const message = String(body.message ?? "");
        const prompt = message.split("\n\n").pop();
        if (marker(message, "fail")) return json(500, { success: false, error: "Internal server error" });
        if (marker(message, "blocked"))
          return json(422, { success: false, error: "The prompt was blocked by the content policy" });
        const content = marker(message, "empty") ? "" : fakeText("Straico", prompt);
        return json(201, {
          success: true,
          data: { completion: { choices: [{ message: { role: "assistant", content } }] }, price: { total: 1 } },
        });
      }
      if (request.method === "POST" && path === "/v0/image/generation") {
        if (marker(body.description, "fail")) return json(500, { success: false, error: "Internal server error" });
        const images = marker(body.description, "empty") ? [] : [`${url.origin}/v0/fake-images/${requests.length}.png`];
        return json(201, {
          success: true,
          data: { zip: `${url.origin}/v0/fake-images/all.zip`, images, price: { total: 12 } },
        });
      }
    }

    return json(404, { error: { message: `No fake for ${request.method} ${path}` } });
  }

  return {
    handle,
    requests,
    /** A fetch-compatible function answering from this fake. */
    fetch: (input, init) => handle(new Request(input, init)),
  };
}

/**
 * Worker variables that send every provider to these fakes (with fetch replaced by `createFakeAiProviders().fetch`).
 */
export const FAKE_AI_HOST = "http://fake-ai.test";
export const fakeAiTestEnv = {
  OPENAI_BASE_URL: FAKE_AI_HOST,
  GEMINI_BASE_URL: FAKE_AI_HOST,
  STRAICO_BASE_URL: FAKE_AI_HOST,
  OPENAI_API_KEY: "fake-openai-key",
  GEMINI_API_KEY: "fake-gemini-key",
  STRAICO_API_KEY: "fake-straico-key",
};
