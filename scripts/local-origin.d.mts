export declare function localAppOrigin(
  workerConfig: { vars?: Record<string, unknown> },
  port: number,
): { vars: { APP_ORIGIN: string } } | undefined;
