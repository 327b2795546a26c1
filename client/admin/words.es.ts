// The words of admin, stats and moderating in Spanish (Chile): words.ts's, typed by the English.
import { adminTexts } from "../i18n/es";
import type { Catalog } from "../text";

export const words: Pick<Catalog, "admin" | "stats" | "moderating"> = {
  admin: {
    ...adminTexts,
    heading: "Panel de administración",
    sectionsLabel: "Secciones de administración",
    tabs: {
      members: "Miembros",
      payments: "Pagos",
      content: "Contenido",
      keys: "Claves de API",
      audit: "Auditoría",
      health: "Estado",
      revenue: "Ingresos",
      plans: "Planes",
    },
    exportCsv: "Exportar CSV",
    actions: "Acciones",
    membersTitle: "Miembros",
    membersEmpty: "Aún no hay miembros",
    memberColumns: { member: "Miembro", status: "Estado", plan: "Plan", joined: "Se unió" },
    autorenewColumn: "Renovación automática",
    autorenewStates: { active: "Activa", paused: "En pausa", off: "No" },
    noPlan: "Ninguno",
    memberStatus: { active: "activa", trial: "de prueba", inactive: "inactiva" },
    roles: { member: "Miembro", admin: "Admin" },
    makeRole: { member: "Hacer miembro", admin: "Hacer admin" },
    makeRoleLabel: (action, email) => `${action}: ${email}`,
    roleConfirm: (who, role) => `¿Cambiar a ${who} a ${role}? Se cerrará su sesión en todos sus dispositivos.`,
    changeRole: "Cambiar el rol",
    deleteMemberLabel: (email) => `Eliminar a ${email}`,
    addMemberButton: "+ Agregar miembro",
    added: (email) => `Agregaste a ${email}.`,
  },
  stats: {
    label: "Estadísticas",
    totalMembers: "Total de miembros",
    totalMembersDefinition: "Todas las personas con cuenta, incluidos los admins.",
    activeMembers: "Miembros activos",
    activeMembersDefinition:
      "Miembros cuya membresía (pagada o de prueba) aún da acceso, incluida la gracia tras una renovación rechazada; no se cuentan los admins.",
    totalRevenue: "Ingresos totales",
    totalRevenueDefinition: "Pagos completados menos reembolsos.",
    admins: "Admins",
    adminsDefinition: "Cuentas con el rol de admin.",
  },
  moderating: {
    mute: "Silenciar",
    unmute: "Quitar el silencio",
    muteLabel: (who) => `Silenciar a ${who}`,
    unmuteLabel: (who) => `Quitarle el silencio a ${who}`,
    mutedBadge: (until) => `En silencio hasta el ${until}`,
    unmutedToast: (who) => `${who} ya puede volver a publicar.`,
    tab: "Moderación",
  },
};
