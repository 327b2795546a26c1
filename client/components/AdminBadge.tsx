import { Icon } from "./Icon";

/** The crowned tag beside an admin's name (the shell, the profile, the members list). */
export function AdminBadge({ label }: { label: string }) {
  return (
    <span className="badge badge-admin">
      <Icon name="crown" size={14} /> {label}
    </span>
  );
}
