// The words of lounge in Spanish (Chile): words.ts's, typed by the English.
import { loungeTexts, plural } from "../i18n/es";
import type { Catalog } from "../text";

export const words: Pick<Catalog, "lounge"> = {
  lounge: {
    ...loungeTexts,
    heading: "Lounge",
    feedTitle: "Comunidad",
    moreFailed: "No se pudieron cargar más publicaciones.",
    loadingMore: "Cargando más publicaciones",
    emptyTitle: "Aún no hay publicaciones",
    emptyText: "Sé la primera persona en compartir algo con la comunidad.",
    commentsTitle: "Comentarios",
    boardFailed: "No se pudo cargar el tablón de avisos.",
    noNotices: "Aún no hay avisos. Hoy las estrellas están tranquilas.",
    newNotice: "+ Nuevo aviso",
    notices: "Avisos",
    deleteNotice: (title) => `Eliminar el aviso ${title}`,
    welcomeTitle: "Te damos la bienvenida a Cosmic Lounge",
    welcomeText:
      "Un espacio amable para compartir aprendizajes, celebrar los pequeños logros y acompañarnos en el camino. Sé amable, mantén la curiosidad y deja brillar tu luz.",
    adminCrown: "Corona de admin",
    adminTag: "ADMIN",
    like: "Me gusta",
    unlike: "Quitar me gusta",
    likesNoun: (_count) => "me gusta",
    commentsNoun: (n) => plural(n, "comentario", "comentarios"),
    share: "Compartir",
  },
};
