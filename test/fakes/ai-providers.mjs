#!/usr/bin/env node
// Fake OpenAI, Gemini and Straico on one local port, for `npm run dev` and the e2e suite.
//
//   node test/fakes/ai-providers.mjs [port]        (port: argv, else FAKE_AI_PORT, else 5299)
//
// Then point the worker at it, e.g. in .dev.vars (gitignored) next to wrangler.toml:
//   OPENAI_BASE_URL=http://127.0.0.1:5299
//   GEMINI_BASE_URL=http://127.0.0.1:5299
//   STRAICO_BASE_URL=http://127.0.0.1:5299
//   OPENAI_API_KEY=fake-openai-key
//   GEMINI_API_KEY=fake-gemini-key
//   STRAICO_API_KEY=fake-straico-key
// A key equal to "bad-key" is refused, which shows the API Keys tab's failure state.
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { createFakeAiProviders } from "./ai-providers-handler.mjs";

/** Starts the fake; resolves to { url, port, requests, close() }. Port 0 picks a free one. */
export async function startFakeAiProviders({ port = 0, host = "127.0.0.1" } = {}) {
  const fake = createFakeAiProviders();
  const server = createServer(async (req, res) => {
    try {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const request = new Request(`http://${req.headers.host ?? `${host}:${port}`}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
      });
      const response = await fake.handle(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (err) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `fake failed: ${err?.message ?? err}` } }));
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const actual = server.address().port;
  return {
    url: `http://${host}:${actual}`,
    port: actual,
    requests: fake.requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The worker variables that point every provider at a running fake, with working fake keys. */
export const fakeAiEnv = (url) => ({
  OPENAI_BASE_URL: url,
  GEMINI_BASE_URL: url,
  STRAICO_BASE_URL: url,
  OPENAI_API_KEY: "fake-openai-key",
  GEMINI_API_KEY: "fake-gemini-key",
  STRAICO_API_KEY: "fake-straico-key",
});

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2] ?? process.env.FAKE_AI_PORT ?? 5299);
  const fake = await startFakeAiProviders({ port });
  console.log(`Fake AI providers on ${fake.url}. Worker variables (.dev.vars):`);
  for (const [name, value] of Object.entries(fakeAiEnv(fake.url))) console.log(`${name}=${value}`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
