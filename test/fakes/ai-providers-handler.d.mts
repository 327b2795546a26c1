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
