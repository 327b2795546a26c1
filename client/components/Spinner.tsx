import { TEXT } from "../text";

export function Spinner({ small, label = TEXT.common.loading }: { small?: boolean; label?: string }) {
  return <span className={small ? "spinner spinner-sm" : "spinner"} role="status" aria-label={label} />;
}

export function FullPageSpinner({ text }: { text?: string }) {
  return (
    <div className="page-center">
      <div>
        <Spinner />
        {text && (
          <p className="muted" style={{ marginTop: 16 }}>
            {text}
          </p>
        )}
      </div>
    </div>
  );
}
