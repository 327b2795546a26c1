import { createContext, type ReactNode, useCallback, useContext, useState } from "react";
import { TEXT } from "../text";
import { ActionRow } from "./ActionRow";
import { Modal } from "./Modal";

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
      {request && (
        <Modal title={TEXT.common.pleaseConfirm} onClose={() => settle(false)} describedBy="confirm-text">
          <p id="confirm-text">{request.text}</p>
          <ActionRow
            onCancel={() => settle(false)}
            focusCancel
            danger
            submitLabel={request.confirmLabel ?? TEXT.common.delete}
            onSubmit={() => settle(true)}
          />
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
