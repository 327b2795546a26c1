// The words of dataRights and account in Spanish (Chile): data-rights-words.ts's, typed by the English.
import { account } from "../i18n/es";
import type { Catalog } from "../text";

export const words: Pick<Catalog, "dataRights" | "account"> = {
  account,
  dataRights: {
    intro:
      "La ley chilena de datos personales (Ley 21.719) te da derecho a ver, llevarte y eliminar lo que Cosmic Lounge guarda sobre ti.",
    download: "Descargar mis datos",
    downloadHint:
      "Un archivo JSON: tu cuenta y perfil, membresía, publicaciones, comentarios, mensajes del chat, me gusta, pagos, sesiones, canales, archivos subidos, los reportes que hiciste y tus respuestas a los encuentros.",
    deleteButton: "Eliminar mi cuenta",
    deleteHint: "Cierra todas tus sesiones de inmediato. No se puede deshacer.",
    deleteTitle: "Eliminar tu cuenta",
    deletedHeading: "Se elimina de inmediato",
    anonymisedHeading: "Se queda, sin tu nombre",
    keptHeading: "Se guarda por ley",
    confirmLabel: (email) => `Escribe tu correo (${email}) para confirmar`,
    confirmButton: "Eliminar mi cuenta para siempre",
    deleting: "Eliminando tu cuenta",
    deleteFailed: "No se pudo eliminar tu cuenta. Inténtalo de nuevo.",
  },
};
