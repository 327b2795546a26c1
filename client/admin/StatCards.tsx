import { formatClp } from "../components/format";
import { Icon } from "../components/Icon";
import { ICON_SHAPES, type IconShape } from "../components/icon-shapes";
import { TEXT } from "../text";
import type { AdminStats } from "./types";

/** The dashboard's figures as the server computes them (GET /api/admin/stats), each with its definition. */
export function StatCards({ stats }: { stats: AdminStats }) {
  const t = TEXT.stats;
  const cards: Array<{ id: string; label: string; definition: string; value: string; icon: IconShape }> = [
    {
      id: "total-members",
      label: t.totalMembers,
      definition: t.totalMembersDefinition,
      value: String(stats.total_members),
      icon: ICON_SHAPES.person,
    },
    {
      id: "active-members",
      label: t.activeMembers,
      definition: t.activeMembersDefinition,
      value: String(stats.active_members),
      icon: ICON_SHAPES.sun,
    },
    {
      id: "total-revenue",
      label: t.totalRevenue,
      definition: t.totalRevenueDefinition,
      value: formatClp(stats.total_revenue_clp),
      icon: ICON_SHAPES.gem,
    },
    {
      id: "admins",
      label: t.admins,
      definition: t.adminsDefinition,
      value: String(stats.admins),
      icon: ICON_SHAPES.crown,
    },
  ];
  return (
    <ul className="stat-cards" aria-label={t.label}>
      {cards.map((c) => (
        <li
          key={c.id}
          className="card card-tight stat-card"
          data-testid={`stat-${c.label}`}
          aria-describedby={`stat-def-${c.id}`}
        >
          <span className="stat-icon">
            <Icon shape={c.icon} size={26} />
          </span>
          <span className="stat-label">{c.label}</span>
          <strong className="stat-value">{c.value}</strong>
          <small className="stat-definition" id={`stat-def-${c.id}`}>
            {c.definition}
          </small>
        </li>
      ))}
    </ul>
  );
}
