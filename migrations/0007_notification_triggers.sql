-- Payment results as notifications (issue 19), hand-written (`drizzle-kit generate --custom`): a
-- trigger sees every settlement, whichever code path (the Webpay return, confirm, reconciliation)
-- moves a payment out of pending.
CREATE TRIGGER payments_notify_result AFTER UPDATE OF status ON payments
WHEN old.status = 'pending' AND new.status IN ('completed', 'failed') AND new.user_id IS NOT NULL
BEGIN
  INSERT INTO notifications (user_id, kind, payment_id, detail) VALUES (new.user_id, 'payment', new.id, new.status);
END;
