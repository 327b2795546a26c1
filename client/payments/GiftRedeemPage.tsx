// The gift link's page: signs the recipient in (at once, with a button as well), then shows the redeem.
import { useEffect } from "react";
import { useLoaderData } from "react-router";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { Link } from "../components/links";
import { PageTitle } from "../components/PageTitle";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import type { giftLoader } from "./gift-data";

export default function GiftRedeemPage() {
  const view = useLoaderData<typeof giftLoader>();
  const { store } = useSession();
  useEffect(() => {
    if (view.kind === "sign_in") void store.redirectToLogin();
  }, [view.kind, store]);
  return (
    <main className="pay-return">
      <PageTitle screen={TEXT.payment.redeemTitle} />
      <section className="card">
        <div className={`pay-return-icon ${view.kind === "redeemed" ? "ok" : "fail"}`}>
          <Icon shape={ICON_SHAPES.sparkle} size={44} />
        </div>
        <h1>{TEXT.payment.redeemTitle}</h1>
        {view.kind === "redeemed" && (
          <>
            <p role="status">{TEXT.payment.redeemed(view.months)}</p>
            <Link to="/app/resources" className="btn btn-primary">
              {TEXT.payment.goToResources}
            </Link>
          </>
        )}
        {view.kind === "failed" && (
          <p className="alert alert-error" role="alert">
            {view.message}
          </p>
        )}
        {view.kind === "no_code" && (
          <p className="alert alert-error" role="alert">
            {TEXT.payment.redeemNoCode}
          </p>
        )}
        {view.kind === "sign_in" && (
          <button type="button" className="btn btn-primary" onClick={() => store.redirectToLogin()}>
            {TEXT.payment.redeemSignIn}
          </button>
        )}
      </section>
    </main>
  );
}
