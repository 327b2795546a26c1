// A blocked member's post or comment, collapsed for the member who blocked them: one line
// and a button that shows it this once (until the screen is left).
import { type ReactNode, useState } from "react";
import { TEXT } from "../text";
import "./direct.css";

export function BlockedCollapse({ blocked, children }: { blocked: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  if (!blocked || shown) return children;
  return (
    <div className="blocked-collapse">
      <span className="faint">{TEXT.direct.hiddenBlocked}</span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setShown(true)}>
        {TEXT.direct.showOnce}
      </button>
    </div>
  );
}
