// The chat's channel dialogs' words in Spanish (Chile): dialog-words.ts's, typed by the English.
import type { Catalog } from "../text";

export const words: Pick<Catalog, "channelDialog" | "channelMembers"> = {
  channelDialog: {
    manageTitle: (name) => `Administrar #${name}`,
    nameLabel: "Nombre del canal",
    descriptionLabel: "Descripción (opcional)",
    privateLabel: "Canal privado (solo lo ven tú, las personas que agregues y los admins)",
    creating: "Creando el canal",
    delete: "Eliminar el canal",
    save: "Guardar cambios",
    saving: "Guardando los cambios",
  },
  channelMembers: {
    title: "Miembros",
    loading: "Cargando los miembros",
    loadFailed: "No se pudieron cargar los miembros.",
    empty: "Aún no hay miembros ni invitaciones.",
    emailLabel: "Correo a invitar",
    emailPlaceholder: "miembro@ejemplo.com",
    invite: "Invitar",
    invitedNote: "Las personas invitadas se unen la próxima vez que abren la app o inician sesión.",
    sent: (email) => `Invitación enviada a ${email}.`,
    invitedBadge: "Invitada",
    remove: "Quitar",
    removeLabel: (email) => `Quitar a ${email}`,
    revoke: "Anular",
    revokeLabel: (email) => `Anular la invitación de ${email}`,
    revokeFailed: "No se pudo anular la invitación",
  },
};
