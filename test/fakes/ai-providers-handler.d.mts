export declare const BAD_KEY: "bad-key";
export declare const FAKE_PNG_BASE64: string;
export declare function echoPhrase(prompt: string): string;
export declare function fakeText(label: string, prompt: string): string;
export interface FakeAiRequest {
  provider: "openai" | "gemini" | "straico" | "unknown";
  method: string;
  path: string;
  body: any;
}
export interface FakeAiProviders {
  handle(request: Request): Promise<Response>;
  requests: FakeAiRequest[];
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
}
export declare function createFakeAiProviders(): FakeAiProviders;
export declare const FAKE_AI_HOST: "http://fake-ai.test";
export declare const fakeAiTestEnv: {
  OPENAI_BASE_URL: string;
  GEMINI_BASE_URL: string;
  STRAICO_BASE_URL: string;
  OPENAI_API_KEY: string;
  GEMINI_API_KEY: string;
  STRAICO_API_KEY: string;
};
