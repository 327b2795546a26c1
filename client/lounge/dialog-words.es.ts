// The words of the lounge's dialogs in Spanish (Chile): dialog-words.ts's, typed by the English.
import type { Catalog } from "../text";

export const words: Pick<Catalog, "loungeDialogs"> = {
  loungeDialogs: {
    postLabel: "¿Qué quieres compartir?",
    postPlaceholder: "Comparte una reflexión, un enlace, un momento de luz...",
    posting: "Publicando",
    post: "Publicar",
    postPreview: "Vista previa de la publicación",
    commentsFailed: "No se pudieron cargar los comentarios.",
    loadingComments: "Cargando comentarios",
    noComments: "Aún no hay comentarios. Sé la primera persona en compartir tu luz.",
    commentLabel: "Agrega un comentario",
    sendingComment: "Enviando comentario",
    comment: "Comentar",
    shareTitle: "Compartir la publicación",
    shareOn: (network) => `Compartir en ${network}`,
    postLink: "Enlace de la publicación",
    copyLink: "Copiar el enlace",
    noticeSource: "Origen del aviso",
    noticeTabs: { manual: "Manual", "ai-text": "Texto con IA", "ai-image": "Imagen con IA" },
    noticeTitle: "Título",
    noticeContent: "Contenido",
    noticeContentHint: "Puedes usar HTML básico: párrafos, títulos, listas, énfasis, enlaces e imágenes.",
    noticeImageUrl: "URL de la imagen (opcional)",
    pinNotice: "Fijar este aviso",
    createNotice: "Crear aviso",
    creatingNotice: "Creando el aviso",
  },
};
