import type { ReactNode } from "react";
import { TEXT } from "../text";
import { Icon } from "./Icon";
import { ICON_SHAPES, type IconShape } from "./icon-shapes";
import { Spinner } from "./Spinner";

export function EmptyState({
  title,
  children,
  icon = ICON_SHAPES.sparkle,
}: {
  title: string;
  children?: ReactNode;
  icon?: IconShape;
}) {
  return (
    <div className="state">
      <div className="state-icon">
        <Icon shape={icon} size={40} />
      </div>
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
