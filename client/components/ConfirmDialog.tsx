import { createContext, type ReactNode, useCallback, useContext, useState } from "react";
import { onDemand } from "./on-demand";

// The dialog's code (and Modal's) is not on any first paint: it loads on the first confirm().
const ConfirmModal = onDemand(() => import("./ConfirmModal").then((m) => m.default));

type ConfirmRequest = { text: string; confirmLabel?: string; resolve(ok: boolean): void };
type Confirm = (text: string, confirmLabel?: string) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** In-app replacement for window.confirm(): `await confirm(text)` resolves true on confirm. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const confirm = useCallback<Confirm>(
    (text, confirmLabel) => new Promise((resolve) => setRequest({ text, confirmLabel, resolve })),
    [],
  );
  const settle = (ok: boolean) => {
    request?.resolve(ok);
    setRequest(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {request && <ConfirmModal text={request.text} confirmLabel={request.confirmLabel} onSettle={settle} />}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm outside ConfirmProvider");
  return confirm;
}
