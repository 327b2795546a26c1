import { Icon } from "./Icon";
import { ICON_SHAPES } from "./icon-shapes";

/** The crowned tag beside an admin's name (the shell, the profile, the members list). */
export function AdminBadge({ label }: { label: string }) {
  return (
    <span className="badge badge-admin">
      <Icon shape={ICON_SHAPES.crown} size={14} /> {label}
    </span>
  );
}
