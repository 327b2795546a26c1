import { Icon } from "../components/icons";
import { TEXT } from "../text";

/** The crown and ADMIN tag shown next to an admin's name on posts and comments. */
export function AuthorBadges({ role }: { role: string | null | undefined }) {
  if (role !== "admin") return null;
  return (
    <>
      <Icon name="crown" label={TEXT.lounge.adminCrown} className="lounge-crown" />
      <span className="badge badge-admin">{TEXT.lounge.adminTag}</span>
    </>
  );
}
