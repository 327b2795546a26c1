// The push opt-in, offered after a meaningful action (client/notifications/push.ts offerPush), never on first load.
import { useToast } from "../components/Toasts";
import { TEXT } from "../text";
import { answerPushOffer, usePushOffered } from "./push";

export function PushOffer() {
  const offered = usePushOffered();
  const toast = useToast();
  if (!offered) return null;
  const answer = (accept: boolean) =>
    void answerPushOffer(accept)
      .then((enabled) => enabled && toast.show(TEXT.notificationSettings.pushEnabled, "success"))
      .catch(() => toast.show(TEXT.notificationSettings.offerFailed, "error"));
  return (
    <section className="push-offer" aria-labelledby="push-offer-title">
      <p id="push-offer-title" className="push-offer-line">
        <strong>{TEXT.notificationSettings.offerTitle}</strong>
      </p>
      <p className="push-offer-line faint">{TEXT.notificationSettings.offerText}</p>
      <div className="row">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => answer(true)}>
          {TEXT.notificationSettings.offerAccept}
        </button>
        <button type="button" className="btn btn-sm" onClick={() => answer(false)}>
          {TEXT.notificationSettings.offerDecline}
        </button>
      </div>
    </section>
  );
}
