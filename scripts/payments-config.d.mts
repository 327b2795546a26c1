export declare function checkPaymentsConfig(input: {
  target: string;
  vars: Record<string, unknown>;
  allowTestPayments: boolean;
}): { ok: boolean; message: string };

export declare const PAYMENT_SECRETS: string[];
