// The search dialog's words in Spanish (Chile): words.ts's, typed by the English.
import type { Catalog } from "../text";

export const words: Pick<Catalog, "searchDialog"> = {
  searchDialog: {
    title: "Buscar en el lounge",
    label: "Busca publicaciones, comentarios, mensajes, recursos, encuentros y programas",
    placeholder: "Busca en todo...",
    kindLabel: "Mostrar",
    kinds: {
      all: "Todo",
      post: "Publicaciones",
      comment: "Comentarios",
      message: "Mensajes",
      resource: "Recursos",
      event: "Encuentros",
      program: "Programas",
      lesson: "Lecciones",
    },
    kindOne: {
      post: "Publicación",
      comment: "Comentario",
      message: "Mensaje",
      resource: "Recurso",
      event: "Encuentro",
      program: "Programa",
      lesson: "Lección",
    },
    results: "Resultados",
    searching: "Buscando",
    hint: "Escribe para buscar. Muévete con las flechas y abre con Enter.",
    empty: (q) => `No encontramos nada para «${q}».`,
    failed: "La búsqueda no funcionó. Inténtalo de nuevo.",
    count: (n) => (n === 1 ? "1 resultado" : `${n} resultados`),
    inChannel: (name) => `en #${name}`,
  },
};
