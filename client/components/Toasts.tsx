import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";

type Toast = { id: number; text: string; kind: "info" | "success" | "error" };
type ToastApi = { show(text: string, kind?: Toast["kind"]): void };

const ToastContext = createContext<ToastApi | null>(null);

/** In-app notices instead of alert(): announced politely, errors assertively. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const show = useCallback((text: string, kind: Toast["kind"] = "info") => {
    const id = nextId.current++;
    setToasts((t) => [...t, { id, text, kind }]);
    setTimeout(() => setToasts((t) => t.filter((x) => x.id !== id)), kind === "error" ? 7000 : 4000);
  }, []);
  const value = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts">
        <div role="status" aria-live="polite">
          {toasts
            .filter((t) => t.kind !== "error")
            .map((t) => (
              <div key={t.id} className={`toast toast-${t.kind}`}>
                {t.text}
              </div>
            ))}
        </div>
        <div role="alert" aria-live="assertive">
          {toasts
            .filter((t) => t.kind === "error")
            .map((t) => (
              <div key={t.id} className="toast toast-error">
                {t.text}
              </div>
            ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast outside ToastProvider");
  return api;
}
