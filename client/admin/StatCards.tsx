import { formatClp } from "../components/format";
import { computeStats } from "./stats";
import type { Member, Payment } from "./types";

export function StatCards({ members, payments }: { members: Member[]; payments: Payment[] }) {
  const stats = computeStats(members, payments);
  const cards = [
    { label: "Total Members", value: String(stats.totalMembers), icon: "✦" },
    { label: "Active Members", value: String(stats.activeMembers), icon: "☀" },
    { label: "Total Revenue", value: formatClp(stats.totalRevenueClp), icon: "❖" },
    { label: "Admins", value: String(stats.admins), icon: "♛" },
  ];
  return (
    <ul className="stat-cards" aria-label="Statistics">
      {cards.map((c) => (
        <li key={c.label} className="card card-tight stat-card" data-testid={`stat-${c.label}`}>
          <span className="stat-icon" aria-hidden="true">{c.icon}</span>
          <span className="stat-label">{c.label}</span>
          <strong className="stat-value">{c.value}</strong>
        </li>
      ))}
    </ul>
  );
}
