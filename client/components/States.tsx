import type { ReactNode } from "react";

export function EmptyState({ title, children, icon = "✦" }: { title: string; children?: ReactNode; icon?: string }) {
  return (
    <div className="state">
      <div aria-hidden="true" style={{ fontSize: 40 }}>{icon}</div>
      <h2>{title}</h2>
      {children}
    </div>
  );
}

export function ErrorState({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <div className="state" role="alert">
      <p>{text}</p>
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
