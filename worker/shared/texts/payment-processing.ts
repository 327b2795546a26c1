// The payment return's heading while the payment is verified: the app's shell shows it before the payment words load,
// so it is a module of its own (the client's start chunk takes it without the rest of the payment texts).
export const PAYMENT_PROCESSING_TEXTS = { processingTitle: "Processing Payment" } as const;
