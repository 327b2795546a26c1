// The helpers of lib.mjs that the TypeScript suites use (test/operators/).
export declare const sleep: (ms: number) => Promise<void>;
export declare function signIn(base: string, email: string, name: string): Promise<string>;
export declare function apiFetch(
  base: string,
  cookie: string,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<Response>;
