import type { Member, Payment } from "./types";

export type AdminStats = { totalMembers: number; activeMembers: number; totalRevenueClp: number; admins: number };

/** The stat cards' figures: revenue counts completed payments only. */
export function computeStats(members: Member[], payments: Payment[]): AdminStats {
  return {
    totalMembers: members.length,
    activeMembers: members.filter((m) => m.status === "active").length,
    totalRevenueClp: payments.filter((p) => p.status === "completed").reduce((sum, p) => sum + p.amount_clp, 0),
    admins: members.filter((m) => m.role === "admin").length,
  };
}
