import { Link } from "react-router";
import { TEXT } from "../text";
import { EmptyState } from "./States";

export default function NotFoundPage() {
  return (
    <main className="page-center">
      <EmptyState title={TEXT.notFound.title}>
        <p>{TEXT.notFound.text}</p>
        <Link className="btn" to="/">
          {TEXT.notFound.home}
        </Link>
      </EmptyState>
    </main>
  );
}
