import { TEXT } from "../text";
import { Link } from "./links";
import { PageTitle } from "./PageTitle";
import { EmptyState } from "./States";

export default function NotFoundPage() {
  return (
    <main className="page-center">
      <PageTitle screen={TEXT.notFound.pageTitle} />
      <EmptyState title={TEXT.notFound.title}>
        <p>{TEXT.notFound.text}</p>
        <Link className="btn" to="/">
          {TEXT.notFound.home}
        </Link>
      </EmptyState>
    </main>
  );
}
