import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { TEXT } from "../text";

/** The crown and ADMIN tag shown next to an admin's name on posts and comments. */
export function AuthorBadges({ role }: { role: string | null | undefined }) {
  if (role !== "admin") return null;
  return (
    <>
      <span className="lounge-crown" role="img" aria-label={TEXT.lounge.adminCrown}>
        <Icon shape={ICON_SHAPES.crown} size={16} />
      </span>
      <span className="badge badge-admin">{TEXT.lounge.adminTag}</span>
    </>
  );
}
