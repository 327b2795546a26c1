import type { KeyboardEvent } from "react";

export type TabItem<T extends string> = { id: T; label: string };

/**
 * A labelled tablist: one tab in the Tab order, Left/Right move between tabs (ARIA tabs pattern).
 * Pair it with `tabPanelProps(ids, selected)` on the panel.
 */
export function TabList<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  ids,
}: {
  label: string;
  tabs: readonly TabItem<NoInfer<T>>[];
  selected: T;
  onSelect(id: NoInfer<T>): void;
  ids: string;
}) {
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const next = tabs[(index + step + tabs.length) % tabs.length];
    onSelect(next.id);
    document.getElementById(`${ids}-tab-${next.id}`)?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((t, i) => (
        <button
          key={t.id}
          id={`${ids}-tab-${t.id}`}
          type="button"
          role="tab"
          className="tab"
          aria-selected={selected === t.id}
          aria-controls={`${ids}-panel`}
          tabIndex={selected === t.id ? 0 : -1}
          onClick={() => onSelect(t.id)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

export const tabPanelProps = (ids: string, selected: string) => ({
  id: `${ids}-panel`,
  role: "tabpanel",
  "aria-labelledby": `${ids}-tab-${selected}`,
});
