import { type FormEvent, useState } from "react";
import { TextField } from "../components/Field";
import { PageTitle } from "../components/PageTitle";
import { TEXT } from "../text";

/** The development sign-in provider's page (only reachable when the worker has AUTH_DEV_LOGIN=1). */
export default function DevSignInPage() {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const state = new URLSearchParams(window.location.search).get("state") ?? "";
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = new URLSearchParams({ email, name, state });
    window.location.assign(`/api/auth/dev/authorize?${query}`);
  };
  return (
    <main className="page-center">
      <PageTitle screen={TEXT.devSignIn.pageTitle} />
      <form className="card stack" style={{ width: "min(420px, 100%)", textAlign: "left" }} onSubmit={submit}>
        <h1 style={{ fontSize: "1.6rem" }}>{TEXT.devSignIn.title}</h1>
        <p className="faint">{TEXT.devSignIn.intro}</p>
        <TextField
          label={TEXT.devSignIn.email}
          id="dev-email"
          type="email"
          required
          // The page's only task (local development sign-in) starts here.
          autoFocus
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label={TEXT.devSignIn.name}
          id="dev-name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          {TEXT.devSignIn.continue}
        </button>
      </form>
    </main>
  );
}
