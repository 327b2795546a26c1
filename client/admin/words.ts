// The words of admin, stats and moderating in English, loaded with the screens that show them (client/i18n/language.ts
// WORDS; docs/client.md "Words"). words.es.ts is the same in Spanish.
import { ADMIN_TEXTS } from "../../worker/shared/texts/admin";

export const words = {
  /** The admin dashboard (client/admin): its tabs, the members and payments tables, the API keys test. */
  admin: {
    ...ADMIN_TEXTS,
    heading: "Admin Dashboard",
    sectionsLabel: "Admin sections",
    tabs: {
      members: "Members",
      payments: "Payments",
      content: "Content",
      keys: "API Keys",
      audit: "Audit",
      health: "Health",
      revenue: "Revenue",
      plans: "Plans",
    },
    exportCsv: "Export CSV",
    actions: "Actions",
    membersTitle: "Members",
    membersEmpty: "No members yet",
    memberColumns: { member: "Member", status: "Status", plan: "Plan", joined: "Joined" },
    noPlan: "None",
    /** The members table's automatic renewal column. */
    autorenewColumn: "Auto-renew",
    autorenewStates: { active: "On", paused: "Paused", off: "Off" },
    /** The status badges show the stored status (docs/spec.md §3), worded in the active language. */
    memberStatus: { active: "active", trial: "trial", inactive: "inactive" } as Record<string, string>,
    roles: { member: "Member", admin: "Admin" },
    makeRole: { member: "Make member", admin: "Make admin" },
    makeRoleLabel: (action: string, email: string) => `${action}: ${email}`,
    roleConfirm: (who: string, role: string) => `Change ${who} to ${role}? They will be signed out everywhere.`,
    changeRole: "Change role",
    deleteMemberLabel: (email: string) => `Delete ${email}`,
    addMemberButton: "+ Add Member",
    added: (email: string) => `Added ${email}.`,
  },
  stats: {
    label: "Statistics",
    totalMembers: "Total Members",
    totalMembersDefinition: "Everyone with an account, admins included.",
    activeMembers: "Active Members",
    activeMembersDefinition:
      "Members whose membership (paid or trial) still gives access, a refused renewal's grace included; admins are not counted.",
    totalRevenue: "Total Revenue",
    totalRevenueDefinition: "Completed payments minus refunds.",
    admins: "Admins",
    adminsDefinition: "Accounts with the admin role.",
  },
  /** The moderators' words: muting a member (the members tab) and the reports queue (its tab). */
  moderating: {
    mute: "Mute",
    unmute: "Unmute",
    muteLabel: (who: string) => `Mute ${who}`,
    unmuteLabel: (who: string) => `Unmute ${who}`,
    mutedBadge: (until: string) => `Muted until ${until}`,
    unmutedToast: (who: string) => `${who} can post again.`,
    tab: "Moderation",
  },
};
