// docs/spec.md §2 Resources: the library with search and tag filter, cards, footer, the locked screen on 403,
// and the upload, edit and AI generator modals.
import { useId, useMemo, useState } from "react";
import { useLoaderData, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { OPEN_PARAMS } from "../../worker/shared/search";
import { api, errorText, unwrap } from "../api";
import { useConfirm } from "../components/ConfirmDialog";
import { EmptyState, ErrorState } from "../components/States";
import { useToast } from "../components/Toasts";
import { useSession } from "../session/session-context";
import { TEXTS } from "../../worker/shared/texts";
import { AiGenerateModal } from "./AiGenerateModal";
import { EditModal } from "./EditModal";
import { ALL_TAGS, filterResources, gatherTags, type ResourceItem } from "./library";
import type { resourcesLoader } from "./data";
import { ResourceCard } from "./ResourceCard";
import { UploadModal } from "./UploadModal";
import "./resources.css";

function LockedScreen({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <div className="page">
      <section className="card locked" aria-labelledby="locked-title">
        <div aria-hidden="true" className="locked-icon">🔒</div>
        <h1 id="locked-title">{TEXTS.resources.lockedTitle}</h1>
        <p className="muted">{message}</p>
        <p className="locked-price">{TEXTS.resources.lockedPrice}</p>
        <p className="faint">{TEXTS.resources.lockedPeriod}</p>
        <button type="button" className="btn btn-primary" onClick={() => navigate("/pricing")}>
          {TEXTS.resources.lockedButton}
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
  const searchId = useId();
  const loaded = useLoaderData<typeof resourcesLoader>();
  const revalidator = useRevalidator();
  // A file the server refuses (403) while the library is open shows the locked screen too.
  const [lockedMessage, setLockedMessage] = useState<string | null>(null);
  const load = lockedMessage !== null ? { state: "locked" as const, message: lockedMessage } : loaded;
  // A link to one resource (?resource=ID, from search) scrolls to its card.
  const [params] = useSearchParams();
  const linkedId = Number(params.get(OPEN_PARAMS.resource)) || undefined;
  const [query, setQuery] = useState("");
  const [tag, setTag] = useState(ALL_TAGS);
  const [modal, setModal] = useState<null | "upload" | "ai">(null);
  const [editing, setEditing] = useState<ResourceItem | null>(null);

  const reload = () => revalidator.revalidate();

  const resources = load.state === "ready" ? load.resources : [];
  const allTags = useMemo(() => gatherTags(resources), [resources]);
  const shown = useMemo(() => filterResources(resources, query, tag), [resources, query, tag]);

  async function remove(r: ResourceItem) {
    if (!(await confirm(TEXTS.confirm.deleteResource))) return;
    try {
      await unwrap(api.resources[":id"].$delete({ param: { id: String(r.id) } }));
      await reload();
    } catch (err) {
      toast.show(errorText(err, TEXTS.resources.deleteFailed), "error");
    }
  }

  if (load.state === "locked") return <LockedScreen message={load.message} />;

  return (
    <div className="page-wide resources">
      <header className="spread resources-header">
        <div>
          <h1>Resource Library</h1>
          <p className="muted">Guides, meditations and wisdom for your cosmic journey.</p>
        </div>
        {load.state === "ready" && (
          <div className="row">
            <button type="button" className="btn" onClick={() => setModal("ai")}>
              ✨ AI Generate
            </button>
            <button type="button" className="btn btn-primary" onClick={() => setModal("upload")}>
              ⬆ Upload
            </button>
          </div>
        )}
      </header>

      {load.state === "error" && <ErrorState text={TEXTS.resources.loadFailed} busy={revalidator.state === "loading"} onRetry={() => void reload()} />}

      {load.state === "ready" && (
        <>
          <div className="resources-filters">
            <div className="field">
              <label htmlFor={searchId}>Search resources</label>
              <input id={searchId} className="input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search by title or description" />
            </div>
            <div className="resource-tag-filter" role="group" aria-label="Filter by tag">
              {[ALL_TAGS, ...allTags].map((t) => (
                <button key={t} type="button" className={tag === t ? "btn btn-sm btn-primary" : "btn btn-sm"} aria-pressed={tag === t} onClick={() => setTag(t)}>
                  {t === ALL_TAGS ? t : `#${t}`}
                </button>
              ))}
            </div>
          </div>

          {resources.length === 0 ? (
            <EmptyState title={TEXTS.resources.emptyTitle} icon="📚">
              <p>Upload the first resource or generate one with AI.</p>
            </EmptyState>
          ) : shown.length === 0 ? (
            <EmptyState title={TEXTS.resources.noResultsTitle} icon="🔍">
              <p>Try another search or tag.</p>
            </EmptyState>
          ) : (
            <div className="resource-grid">
              {shown.map((r) => (
                <ResourceCard key={r.id} resource={r} isAdmin={isAdmin} onEdit={setEditing} onDelete={(x) => void remove(x)} onLocked={setLockedMessage} linked={r.id === linkedId} />
              ))}
            </div>
          )}

          <footer className="resources-footer" aria-label="Library summary">
            <div>
              <strong data-testid="resources-total">{resources.length}</strong>
              <span>Total Resources</span>
            </div>
            <div>
              <strong data-testid="resources-categories">{allTags.length}</strong>
              <span>Categories</span>
            </div>
            <div>
              <strong aria-label="Unlimited">∞</strong>
              <span>Possibilities</span>
            </div>
          </footer>
        </>
      )}

      {modal === "upload" && (
        <UploadModal
          onClose={() => setModal(null)}
          onUploaded={() => {
            setModal(null);
            toast.show("Resource uploaded", "success");
            void reload();
          }}
        />
      )}
      {modal === "ai" && (
        <AiGenerateModal
          onClose={() => setModal(null)}
          onGenerated={(result) => {
            setModal(null);
            if (result.storage_method === "temporary_url") toast.show(TEXTS.ai.temporaryUrlWarning, "info");
            else toast.show(TEXTS.ai.resourceGenerated, "success");
            void reload();
          }}
        />
      )}
      {editing && (
        <EditModal
          resource={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      )}
    </div>
  );
}
