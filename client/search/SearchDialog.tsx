// The search dialog (Ctrl/Cmd+K or the header's search button): one field over posts, comments, chat
// messages and resources, a kind filter, results as a listbox the arrow keys move through, Enter opens
// the item in context (the result's `url`). Snippets arrive as escaped HTML with <mark> around the hits;
// they are split into text parts and rendered as React text, never as HTML.
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { LIMITS, TIMING } from "../../worker/shared/rules";
import { SEARCH_KINDS, type SearchKind, type SearchResult, snippetParts } from "../../worker/shared/search";
import { formatDate } from "../components/format";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { Modal } from "../components/Modal";
import { Spinner } from "../components/Spinner";
import { TEXT } from "../text";
import { searchHref, type searchLoader } from "./data";
import { KIND_ICONS } from "./icons";
import "./search.css";

type KindFilter = SearchKind | "all";
const FILTERS: readonly KindFilter[] = ["all", ...SEARCH_KINDS];

function Snippet({ html }: { html: string }) {
  return (
    <>
      {snippetParts(html).map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: a snippet's parts are replaced whole.
        part.hit ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}

function ResultOption({
  result,
  id,
  active,
  onPick,
  onHover,
}: {
  result: SearchResult;
  id: string;
  active: boolean;
  onPick(): void;
  onHover(): void;
}) {
  return (
    // biome-ignore lint/a11y: a combobox's popup: focus stays in the input (WAI-ARIA).
    <li
      id={id}
      // biome-ignore lint/a11y: a combobox's popup: focus stays in the input (WAI-ARIA).
      role="option"
      aria-selected={active}
      className={active ? "search-result active" : "search-result"}
      onClick={onPick}
      onMouseMove={onHover}
    >
      <span className={`search-kind search-kind-${result.kind}`}>
        <Icon shape={KIND_ICONS[result.kind]} />
        <span className="visually-hidden">{TEXT.searchDialog.kindOne[result.kind]}: </span>
      </span>
      <span className="search-result-text">
        <span className="search-result-title">
          {result.kind === "message" ? TEXT.searchDialog.inChannel(result.title) : result.title}
        </span>
        <span className="search-snippet">
          <Snippet html={result.snippet} />
        </span>
      </span>
      <time className="faint search-date" dateTime={result.created_at}>
        {formatDate(result.created_at)}
      </time>
    </li>
  );
}

export default function SearchDialog({ onClose }: { onClose(): void }) {
  const [q, setQ] = useState("");
  const [kind, setKind] = useState<KindFilter>("all");
  const [active, setActive] = useState(0);
  const search = useFetcher<typeof searchLoader>();
  const navigate = useNavigate();
  const fieldId = useId();
  const listId = useId();
  const load = useRef(search.load);
  load.current = search.load;

  const text = q.trim();
  // Debounced: a pause in typing (or a new kind) asks the server once.
  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(() => void load.current(searchHref(text, kind)), TIMING.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text, kind]);

  const answer = search.data;
  // The latest answer of this text and kind; an older search's results stay on screen while the next one loads.
  const current = answer && answer.q === text && answer.kind === kind;
  const results = text && answer?.ok ? answer.results : [];
  const busy = Boolean(text) && (search.state === "loading" || !current);
  const selected = Math.min(active, Math.max(results.length - 1, 0));
  const optionId = (i: number) => `${listId}-${i}`;

  const open = (result: SearchResult | undefined) => {
    if (!result) return;
    onClose();
    navigate(result.url);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (results.length === 0) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((selected + step + results.length) % results.length);
    } else if (e.key === "Enter") {
      e.preventDefault();
      open(results[selected]);
    }
  };

  // The active option stays in view as the arrow keys move.
  useEffect(() => {
    document.getElementById(`${listId}-${selected}`)?.scrollIntoView?.({ block: "nearest" });
  }, [listId, selected]);

  return (
    <Modal title={TEXT.searchDialog.title} onClose={onClose} wide>
      <div className="search-field">
        <label htmlFor={fieldId} className="visually-hidden">
          {TEXT.searchDialog.label}
        </label>
        <Icon shape={ICON_SHAPES.search} />
        <input
          id={fieldId}
          className="input"
          type="search"
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={results.length > 0 ? optionId(selected) : undefined}
          autoComplete="off"
          data-autofocus
          maxLength={LIMITS.searchQueryMax}
          placeholder={TEXT.searchDialog.placeholder}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        {busy && <Spinner small label={TEXT.searchDialog.searching} />}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: toggle buttons, not a form section. */}
      <div className="search-kinds" role="group" aria-label={TEXT.searchDialog.kindLabel}>
        {FILTERS.map((k) => (
          <button
            key={k}
            type="button"
            className={kind === k ? "btn btn-sm btn-primary" : "btn btn-sm"}
            aria-pressed={kind === k}
            onClick={() => {
              setKind(k);
              setActive(0);
            }}
          >
            {TEXT.searchDialog.kinds[k]}
          </button>
        ))}
      </div>
      <div className="search-results" aria-busy={busy}>
        {!text ? (
          <p className="faint">{TEXT.searchDialog.hint}</p>
        ) : answer?.ok === false && current ? (
          <p role="alert">{TEXT.searchDialog.failed}</p>
        ) : current && results.length === 0 ? (
          <p className="muted">{TEXT.searchDialog.empty(text)}</p>
        ) : null}
        <ul
          id={listId}
          // biome-ignore lint/a11y: a combobox's popup: focus stays in the input (WAI-ARIA).
          role="listbox"
          aria-label={TEXT.searchDialog.results}
          className="search-result-list"
          hidden={results.length === 0}
        >
          {results.map((result, i) => (
            <ResultOption
              key={`${result.kind}-${result.id}`}
              result={result}
              id={optionId(i)}
              active={i === selected}
              onPick={() => open(result)}
              onHover={() => setActive(i)}
            />
          ))}
        </ul>
        <p className="visually-hidden" role="status">
          {current && answer?.ok ? TEXT.searchDialog.count(results.length) : ""}
        </p>
      </div>
    </Modal>
  );
}
