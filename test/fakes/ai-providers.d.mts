import type { FakeAiRequest } from "./ai-providers-handler.mjs";
export interface RunningFakeAiProviders {
  url: string;
  port: number;
  requests: FakeAiRequest[];
  close(): Promise<void>;
}
export declare function startFakeAiProviders(options?: {
  port?: number;
  host?: string;
}): Promise<RunningFakeAiProviders>;
export declare function fakeAiEnv(
  url: string,
): Record<
  "OPENAI_BASE_URL" | "GEMINI_BASE_URL" | "STRAICO_BASE_URL" | "OPENAI_API_KEY" | "GEMINI_API_KEY" | "STRAICO_API_KEY",
  string
>;
