import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { TEXT } from "../text";
import { Icon } from "./Icon";
import { ICON_SHAPES } from "./icon-shapes";

const FIELD = "input:not([disabled]), textarea:not([disabled]), select:not([disabled])";
const CONTROL = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  '[tabindex]:not([tabindex="-1"])',
].join(", ");

/**
 * Where focus goes inside a dialog that has none: the control marked `data-autofocus`, else its first
 * field, else its first control, else itself. (React's `autoFocus` runs before `showModal()`, while the
 * closed dialog is not rendered, so it cannot focus anything in it.)
 */
function focusInside(dialog: HTMLDialogElement) {
  (
    dialog.querySelector<HTMLElement>("[data-autofocus]") ??
    dialog.querySelector<HTMLElement>(FIELD) ??
    dialog.querySelector<HTMLElement>(CONTROL) ??
    dialog
  ).focus();
}

/**
 * A modal dialog: a native `<dialog>` opened with `showModal()` while mounted, so the browser traps
 * focus, makes the page inert and draws `::backdrop`. Escape (the `cancel` event) and a click on the
 * backdrop call `onClose`; the parent unmounts it. Focus returns to the opener on unmount, and stays
 * inside while open even when the focused control disappears or is disabled (docs/client.md#dialogs).
 */
export function Modal({
  title,
  onClose,
  children,
  wide,
  describedBy,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  describedBy?: string;
}) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // Captured while rendering, before focus moves into the dialog.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);

  // An effect: it opens the browser's dialog once the element exists and closes it on unmount.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    focusInside(dialog);

    const onKey = (e: KeyboardEvent) => {
      // Chrome lets Tab leave a modal dialog for the browser's own controls after its last control;
      // Tab and Shift+Tab wrap inside instead, so keyboard users stay in the dialog.
      if (e.key !== "Tab") return;
      const controls = Array.from(dialog.querySelectorAll<HTMLElement>(CONTROL));
      const [first, last] = [controls[0], controls[controls.length - 1]];
      if (!first) return e.preventDefault();
      if (e.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    // A focused control that is removed or disabled (a submit button while pending) drops focus to
    // the body; put it back inside the dialog.
    let frame = 0;
    const onFocusOut = (e: FocusEvent) => {
      if (e.relatedTarget) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(
        () => dialog.open && !dialog.contains(document.activeElement) && focusInside(dialog),
      );
    };
    dialog.addEventListener("keydown", onKey);
    dialog.addEventListener("focusout", onFocusOut);
    return () => {
      cancelAnimationFrame(frame);
      dialog.removeEventListener("keydown", onKey);
      dialog.removeEventListener("focusout", onFocusOut);
      dialog.close();
      opener?.focus?.();
    };
  }, [opener]);

  return createPortal(
    <dialog
      ref={dialogRef}
      className={wide ? "modal modal-wide" : "modal"}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(e) => {
        // The parent decides: it unmounts the dialog, or keeps it open (an upload in flight).
        e.preventDefault();
        onCloseRef.current();
      }}
      onClose={(e) => {
        // The browser may close it without a cancel it lets us refuse (a second Escape in a row).
        const dialog = e.currentTarget;
        if (dialog.open) return;
        onCloseRef.current();
        requestAnimationFrame(() => dialog.isConnected && !dialog.open && dialog.showModal());
      }}
      // Escape belongs to the topmost dialog: page-level Escape handlers (drawers, menus) must not see it.
      // Stopped here, after React's handlers inside (a mention list's Escape closes only the list), not
      // on the dialog element, which would keep the event from React's listener on the portal's container.
      onKeyDown={(e) => e.key === "Escape" && e.nativeEvent.stopPropagation()}
      // The body fills the dialog, so a press on the dialog element itself is a press on the backdrop.
      onMouseDown={(e) => e.target === e.currentTarget && onCloseRef.current()}
    >
      <div className="modal-body">
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="btn btn-ghost btn-icon"
            onClick={onClose}
            aria-label={TEXT.common.closeDialog}
          >
            <Icon shape={ICON_SHAPES.close} weight={2.2} />
          </button>
        </div>
        {children}
      </div>
    </dialog>,
    document.body,
  );
}
