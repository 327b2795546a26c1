-- Payment results are notified by the code that settles them (worker/features/payments/queries/payments.ts: approvePayment and
-- failPayment write the notification in the same batch), so the call that settles a payment knows the
-- notification it wrote and queues its email once. Hand-written (`drizzle-kit generate --custom`).
DROP TRIGGER IF EXISTS payments_notify_result;
