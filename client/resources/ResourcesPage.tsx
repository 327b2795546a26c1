// docs/spec.md §2 Resources: the library with search and tag filter, cards, footer, the locked screen on 403,
// and the upload, edit and AI generator modals. The search runs on the server: typing (debounced) and
// the tag buttons change the URL (`?q=&tag=`), the route's loader loads the first page, and the next
// pages load as the member scrolls (or presses 'Load more'). The dialogs load their code when opened.
import { useEffect, useRef, useState } from "react";
import {
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
  useRouteLoaderData,
  useSearchParams,
} from "react-router";
import { OPEN_PARAMS } from "../../worker/shared/item-links";
import { TIMING } from "../../worker/shared/rules";
import { useConfirm } from "../components/ConfirmDialog";
import { TextField } from "../components/Field";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { LoadMore } from "../components/LoadMore";
import { onDemand } from "../components/on-demand";
import { PageTitle } from "../components/PageTitle";
import { Spinner } from "../components/Spinner";
import { EmptyState, ErrorState } from "../components/States";
import { useToast } from "../components/Toasts";
import { type ActionResult, submitJson, useSettled } from "../data/actions";
import { usePages } from "../data/pages";
import { LIBRARY_ROUTE_ID } from "../data-paths";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import {
  LIBRARY_PATH,
  type LibrarySearch,
  type librarySummaryLoader,
  PAGE,
  type resourcesLoader,
  resourcesPageHref,
  searchParamsOf,
} from "./data";
import type { ResourceItem } from "./library";
import { ResourceCard } from "./ResourceCard";
import "./resources.css";

// The route's action loads lazily (client/router.tsx); fetched as the screen arrives, so the first write need not wait.
void import("./actions");

const UploadModal = onDemand(() => import("./UploadModal").then((m) => m.UploadModal), ["libraryDialogs"]);
const EditModal = onDemand(() => import("./EditModal").then((m) => m.EditModal), ["libraryDialogs"]);
// AI drafts fail with the lounge's AI texts: they load with the dialog.
const AiGenerateModal = onDemand(
  () => import("./AiGenerateModal").then((m) => m.AiGenerateModal),
  ["lounge", "ai", "libraryDialogs"],
);

const NO_SEARCH: LibrarySearch = { q: "", tag: "" };

function LockedScreen({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <div className="page">
      <PageTitle screen={TEXT.nav.resources} />
      <section className="card locked" aria-labelledby="locked-title">
        <div className="locked-icon">
          <Icon shape={ICON_SHAPES.lock} size={44} />
        </div>
        <h1 id="locked-title">{TEXT.resources.lockedTitle}</h1>
        <p className="muted">{message}</p>
        <p className="locked-price">{TEXT.resources.lockedPrice}</p>
        <p className="faint">{TEXT.resources.lockedPeriod}</p>
        <button type="button" className="btn btn-primary" onClick={() => navigate("/pricing")}>
          {TEXT.resources.lockedButton}
        </button>
      </section>
    </div>
  );
}

export default function ResourcesPage() {
  const { user } = useSession();
  const isAdmin = user?.role === "admin";
  const toast = useToast();
  const confirm = useConfirm();
  const page = useLoaderData<typeof resourcesLoader>();
  const summary = useRouteLoaderData<typeof librarySummaryLoader>(LIBRARY_ROUTE_ID);
  // The page and the summary fail alike (a 403 locks both); the first failure is the screen's.
  const loaded = summary && summary.state !== "ready" ? { ...summary, search: page.search } : page;
  const tags = summary?.state === "ready" ? summary.tags : [];
  const total = summary?.state === "ready" ? summary.total : 0;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [params, setSearchParams] = useSearchParams();
  // A file the server refuses (403) while the library is open shows the locked screen too.
  const [lockedMessage, setLockedMessage] = useState<string | null>(null);
  const load = lockedMessage !== null ? { state: "locked" as const, message: lockedMessage } : loaded;
  // A link to one resource (?resource=ID, from search) scrolls to its card.
  const linkedId = Number(params.get(OPEN_PARAMS.resource)) || undefined;
  const [modal, setModal] = useState<null | "upload" | "ai">(null);
  const [editing, setEditing] = useState<ResourceItem | null>(null);

  const search = load.state === "locked" ? NO_SEARCH : load.search;
  const [query, setQuery] = useState(search.q);
  // The text last sent to the server, and the last one the loader answered: a search that arrives
  // otherwise (a link, the URL) refills the box; the answer to the member's own typing never does.
  const [asked, setAsked] = useState(search.q);
  const [answered, setAnswered] = useState(search.q);
  if (search.q !== answered) {
    setAnswered(search.q);
    if (search.q !== asked) {
      setAsked(search.q);
      setQuery(search.q);
    }
  }
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(debounce.current), []);

  const searchFor = (next: LibrarySearch) => {
    clearTimeout(debounce.current);
    setAsked(next.q);
    setSearchParams(searchParamsOf(next), { replace: true, preventScrollReset: true });
  };
  const typed = (text: string) => {
    setQuery(text);
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => searchFor({ q: text.trim(), tag: search.tag }), TIMING.searchDebounceMs);
  };

  const first = load.state === "ready" ? load.resources : [];
  const pages = usePages(first, PAGE, `${search.q}\n${search.tag}`, (before) => resourcesPageHref(search, before));
  const searching = navigation.state === "loading" && navigation.location.pathname === pathname;

  const reload = () => revalidator.revalidate();

  // Deletes run one at a time through one fetcher; the router then loads the library again.
  const removal = useFetcher<ActionResult<unknown>>();
  useSettled(removal, (answer) => !answer.ok && toast.show(answer.error, "error"));
  async function remove(r: ResourceItem) {
    if (await confirm(TEXT.confirm.deleteResource))
      void submitJson(removal, LIBRARY_PATH, { intent: "delete-resource", id: r.id });
  }

  if (load.state === "locked") return <LockedScreen message={load.message} />;

  return (
    <div className="page-wide resources">
      <PageTitle screen={TEXT.nav.resources} />
      <header className="spread resources-header">
        <div>
          <h1>{TEXT.library.heading}</h1>
          <p className="muted">{TEXT.library.lead}</p>
        </div>
        {load.state === "ready" && (
          <div className="row">
            <button type="button" className="btn" onClick={() => setModal("ai")}>
              <Icon shape={ICON_SHAPES.sparkle} /> {TEXT.library.aiGenerate}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => setModal("upload")}>
              <Icon shape={ICON_SHAPES.upload} /> {TEXT.library.upload}
            </button>
          </div>
        )}
      </header>

      {load.state === "error" && (
        <ErrorState
          text={TEXT.resources.loadFailed}
          busy={revalidator.state === "loading"}
          onRetry={() => void reload()}
        />
      )}

      {load.state === "ready" && (
        <>
          <search className="resources-filters">
            <TextField
              label={TEXT.library.searchLabel}
              type="search"
              value={query}
              maxLength={100}
              onChange={(e) => typed(e.target.value)}
              placeholder={TEXT.library.searchPlaceholder}
              addon={searching && <Spinner small label={TEXT.library.searching} />}
              addonClass="resources-search"
            />
            {/* biome-ignore lint/a11y/useSemanticElements: toggle buttons, not a form section. */}
            <div className="resource-tag-filter" role="group" aria-label={TEXT.library.tagsLabel}>
              {["", ...tags].map((t) => (
                <button
                  key={t}
                  type="button"
                  className={search.tag === t ? "btn btn-sm btn-primary" : "btn btn-sm"}
                  aria-pressed={search.tag === t}
                  onClick={() => searchFor({ q: query.trim(), tag: t })}
                >
                  {t === "" ? TEXT.library.allTags : `#${t}`}
                </button>
              ))}
            </div>
          </search>

          {total === 0 ? (
            <EmptyState title={TEXT.resources.emptyTitle}>
              <p>{TEXT.library.emptyText}</p>
            </EmptyState>
          ) : pages.items.length === 0 ? (
            <EmptyState title={TEXT.resources.noResultsTitle}>
              <p>{TEXT.library.noResultsText}</p>
            </EmptyState>
          ) : (
            <div className="resource-grid" aria-busy={searching || pages.loading}>
              {pages.items.map((r) => (
                <ResourceCard
                  key={r.id}
                  resource={r}
                  isAdmin={isAdmin}
                  onEdit={setEditing}
                  onDelete={(x) => void remove(x)}
                  onLocked={setLockedMessage}
                  linked={r.id === linkedId}
                />
              ))}
            </div>
          )}
          <LoadMore pages={pages} loadingLabel={TEXT.library.loadingMore} failedText={TEXT.library.moreFailed} />

          <section className="resources-footer" aria-label={TEXT.library.summaryLabel}>
            <div>
              <strong data-testid="resources-total">{total}</strong>
              <span>{TEXT.library.total}</span>
            </div>
            <div>
              <strong data-testid="resources-categories">{tags.length}</strong>
              <span>{TEXT.library.categories}</span>
            </div>
            <div>
              <strong>
                <span aria-hidden="true">∞</span>
                <span className="visually-hidden">{TEXT.library.unlimited}</span>
              </strong>
              <span>{TEXT.library.possibilities}</span>
            </div>
          </section>
        </>
      )}

      {modal === "upload" && (
        <UploadModal
          onClose={() => setModal(null)}
          onUploaded={() => {
            setModal(null);
            toast.show(TEXT.library.uploaded, "success");
            void reload();
          }}
        />
      )}
      {modal === "ai" && (
        <AiGenerateModal
          onClose={() => setModal(null)}
          onGenerated={(result) => {
            setModal(null);
            if (result.storage_method === "temporary_url") toast.show(TEXT.ai.temporaryUrlWarning, "info");
            else toast.show(TEXT.ai.resourceGenerated, "success");
          }}
        />
      )}
      {editing && <EditModal resource={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />}
    </div>
  );
}
