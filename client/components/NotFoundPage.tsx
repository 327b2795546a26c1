import { Link } from "react-router";
import { EmptyState } from "./States";

export default function NotFoundPage() {
  return (
    <main className="page-center">
      <EmptyState title="Lost among the stars">
        <p>This page does not exist.</p>
        <Link className="btn" to="/">Go home</Link>
      </EmptyState>
    </main>
  );
}
