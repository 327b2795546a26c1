import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { Modal } from "./Modal";

type ConfirmRequest = { text: string; confirmLabel?: string; resolve(ok: boolean): void };
type Confirm = (text: string, confirmLabel?: string) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** In-app replacement for window.confirm(): `await confirm(text)` resolves true on confirm. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const confirm = useCallback<Confirm>((text, confirmLabel) => new Promise((resolve) => setRequest({ text, confirmLabel, resolve })), []);
  const settle = (ok: boolean) => {
    request?.resolve(ok);
    setRequest(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {request && (
        <Modal title="Please confirm" onClose={() => settle(false)} describedBy="confirm-text">
          <p id="confirm-text">{request.text}</p>
          <div className="modal-actions">
            <button type="button" className="btn" onClick={() => settle(false)} autoFocus>
              Cancel
            </button>
            <button type="button" className="btn btn-danger" onClick={() => settle(true)}>
              {request.confirmLabel ?? "Delete"}
            </button>
          </div>
        </Modal>
      )}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm outside ConfirmProvider");
  return confirm;
}
