import { type FormEvent, useState } from "react";
import { useFetcher, useLoaderData, useRevalidator } from "react-router";
import { DEFAULT_NAME } from "../../worker/shared/rules";
import { SETTINGS_PATH } from "../../worker/shared/settings";
import { AdminBadge } from "../components/AdminBadge";
import { Avatar } from "../components/Avatar";
import { formatDate } from "../components/format";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { Link } from "../components/links";
import { onDemand } from "../components/on-demand";
import { ErrorState } from "../components/States";
import { type ActionResult, failureOf, submitJson, useSettled } from "../data/actions";
import { TEXT } from "../text";
import { PROFILE_PATH, type profileLoader } from "./data";
import { EntryListEditor } from "./EntryListEditor";
import type { Draft } from "./ProfileEditing";
import "./profile.css";
import { PageTitle } from "../components/PageTitle";

// The route's action loads lazily (client/router.tsx); fetched as the screen arrives, so the first write need not wait.
void import("./actions");

// The edit mode's fields load when the member chooses Edit; what they edit shows meanwhile.
const DetailsFields = onDemand(() => import("./ProfileEditing").then((m) => m.DetailsFields));

const cleanEntries = (list: string[]) => list.map((s) => s.trim()).filter(Boolean);

// The Cosmic Activity tiles: a decorative icon each, their words from TEXT.profile.activity.
const ACTIVITY = [
  { icon: ICON_SHAPES.sparkle, name: "lounge" },
  { icon: ICON_SHAPES.moon, name: "chat" },
  { icon: ICON_SHAPES.gem, name: "resources" },
  { icon: ICON_SHAPES.sun, name: "grow" },
] as const;

export default function ProfilePage() {
  const { profile: data } = useLoaderData<Exclude<Awaited<ReturnType<typeof profileLoader>>, Response>>();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const saving = useFetcher<ActionResult<unknown>>();
  const busy = saving.state !== "idle";
  const saveError = failureOf(saving);
  // Edit mode ends once the save succeeded; the router has loaded the profile again by then.
  useSettled(saving, (answer) => {
    if (!answer.ok) return;
    setEditing(false);
    setDraft(null);
  });

  const startEditing = () => {
    if (!data) return;
    setDraft({
      goals: [...data.goals],
      interests: [...data.interests],
      name: data.user.name ?? "",
      bio: data.user.bio ?? "",
      timezone: data.user.timezone ?? "",
    });
    setEditing(true);
  };

  const save = (e?: FormEvent) => {
    e?.preventDefault();
    if (!data || !draft || busy) return;
    // docs/spec.md §3: only goals, interests and socials are sent, JSON-encoded.
    const profile = {
      goals: JSON.stringify(cleanEntries(draft.goals)),
      interests: JSON.stringify(cleanEntries(draft.interests)),
      socials: JSON.stringify(data.socials),
    };
    const details = { name: draft.name.trim(), bio: draft.bio.trim(), timezone: draft.timezone.trim() };
    const u = data.user;
    const changed =
      details.name !== (u.name ?? "") || details.bio !== (u.bio ?? "") || details.timezone !== (u.timezone ?? "");
    void submitJson(saving, PROFILE_PATH, { intent: "save-profile", profile, details: changed ? details : null });
  };

  if (!data) {
    return (
      <div className="page">
        <h1>{TEXT.profile.title}</h1>
        <ErrorState
          text={TEXT.profile.notFound}
          busy={revalidator.state === "loading"}
          onRetry={() => void revalidator.revalidate()}
        />
      </div>
    );
  }

  const { user } = data;
  const socials = Object.entries(data.socials);
  const details = (
    <>
      <h2 className="profile-name" data-testid="profile-name">
        {user.name || DEFAULT_NAME}
      </h2>
      <p className="muted profile-email">{user.email}</p>
      <p>
        {user.role === "admin" ? (
          <AdminBadge label={TEXT.nav.admin} />
        ) : (
          <span className="badge badge-tag">{TEXT.nav.member}</span>
        )}
      </p>
      {user.bio && <p className="profile-bio">{user.bio}</p>}
    </>
  );
  return (
    <div className="page profile stack">
      <PageTitle screen={TEXT.nav.profile} />
      <div className="spread">
        <h1>{TEXT.profile.title}</h1>
        {editing ? (
          <div className="row">
            <button type="button" className="btn" disabled={busy} onClick={() => setEditing(false)}>
              {TEXT.common.cancel}
            </button>
            <button type="submit" form="profile-form" className="btn btn-primary" disabled={busy}>
              {busy ? TEXT.profile.saving : TEXT.profile.save}
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn-primary" onClick={startEditing}>
            {TEXT.profile.edit}
          </button>
        )}
      </div>

      {saveError && (
        <p className="alert alert-error" role="alert">
          {saveError}
        </p>
      )}

      <form id="profile-form" className="stack" onSubmit={save} noValidate>
        <section className="card profile-card" aria-label={TEXT.profile.aboutLabel}>
          <Avatar src={user.avatar_url} name={user.name} email={user.email} size={96} />
          <div className="profile-details">
            {editing && draft ? <DetailsFields draft={draft} onChange={setDraft} fallback={details} /> : details}
            <dl className="profile-facts">
              {!editing && (
                <div>
                  <dt>{TEXT.profile.timezoneLabel}</dt>
                  <dd>{user.timezone || TEXT.profile.notSet}</dd>
                </div>
              )}
              <div>
                <dt>{TEXT.profile.memberSince}</dt>
                <dd>{formatDate(user.created_at)}</dd>
              </div>
            </dl>
            {socials.length > 0 && (
              <ul className="row profile-socials" aria-label={TEXT.profile.socialsLabel}>
                {socials.map(([key, url]) => (
                  <li key={key}>
                    <a href={url} target="_blank" rel="noopener noreferrer">
                      {key}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>

        <div className="profile-lists">
          <EntryListEditor
            kind="goal"
            entries={editing && draft ? draft.goals : data.goals}
            editing={editing}
            onChange={(goals) => draft && setDraft({ ...draft, goals })}
          />
          <EntryListEditor
            kind="interest"
            entries={editing && draft ? draft.interests : data.interests}
            editing={editing}
            onChange={(interests) => draft && setDraft({ ...draft, interests })}
          />
        </div>
      </form>

      <section aria-labelledby="activity-title">
        <h2 id="activity-title">{TEXT.profile.activityTitle}</h2>
        <ul className="activity-tiles">
          {ACTIVITY.map((a) => (
            <li key={a.name} className="card card-tight">
              <span className="activity-icon">
                <Icon shape={a.icon} size={24} />
              </span>
              <strong>{TEXT.profile.activity[a.name].title}</strong>
              <span className="faint">{TEXT.profile.activity[a.name].text}</span>
            </li>
          ))}
        </ul>
      </section>

      <p className="profile-settings">
        <Link to={SETTINGS_PATH} className="btn">
          <Icon shape={ICON_SHAPES.settings} /> {TEXT.nav.settings}
        </Link>
      </p>
    </div>
  );
}
