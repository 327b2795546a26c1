import type { ReactNode } from "react";
import { TEXT } from "../text";
import { Spinner } from "./Spinner";

export function EmptyState({ title, children, icon = "✦" }: { title: string; children?: ReactNode; icon?: string }) {
  return (
    <div className="state">
      <div aria-hidden="true" style={{ fontSize: 40 }}>{icon}</div>
      <h2>{title}</h2>
      {children}
    </div>
  );
}

export function ErrorState({ text, onRetry, busy }: { text: string; onRetry?: () => void; busy?: boolean }) {
  return (
    <div className="state" role="alert">
      <p>{text}</p>
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry} disabled={busy}>
          {busy ? <Spinner small label={TEXT.common.loading} /> : TEXT.common.tryAgain}
        </button>
      )}
    </div>
  );
}
