import { Navigate } from "react-router";
import { TEXTS } from "../../worker/shared/texts";
import { MEMBERSHIP } from "../../worker/shared/rules";
import { useSession } from "../session/session-context";

const FEATURES = [
  { icon: "✦", title: "Community", text: "Share reflections, celebrate each other and chat in calm, caring channels." },
  { icon: "❖", title: "Resource library", text: "Meditations, guides, audio and video to deepen your practice." },
  { icon: "♛", title: "VIP experience", text: `Unlimited premium access for ${MEMBERSHIP.priceLabel} every ${MEMBERSHIP.periodDays} days.` },
];

export default function LandingPage() {
  const { user, pending, store } = useSession();
  if (user) return <Navigate to="/app/lounge" replace />;
  const label = (text: string) => (pending ? TEXTS.session.loading : text);
  return (
    <main className="landing">
      <section className="hero">
        <p className="eyebrow">✧ Cosmic Lounge</p>
        <h1>A sanctuary for kindred souls</h1>
        <p className="lead muted">A members-only lounge for wellness and spirituality: gather, share and grow together.</p>
        <div className="row hero-actions">
          <button type="button" className="btn btn-primary" disabled={pending} onClick={() => store.redirectToLogin()}>
            {label("Enter the Lounge")}
          </button>
          <button type="button" className="btn" disabled={pending} onClick={() => store.redirectToLogin()}>
            {label("Sign In")}
          </button>
        </div>
      </section>
      <section className="features" aria-label="What you will find">
        {FEATURES.map((f) => (
          <article key={f.title} className="card">
            <div className="feature-icon" aria-hidden="true">{f.icon}</div>
            <h2>{f.title}</h2>
            <p className="muted">{f.text}</p>
          </article>
        ))}
      </section>
    </main>
  );
}
