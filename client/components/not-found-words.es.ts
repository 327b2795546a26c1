// The words of the page of an unknown address in Spanish (Chile): not-found-words.ts's, typed by the English.
import type { Catalog } from "../text";

export const words: Pick<Catalog, "notFound"> = {
  notFound: {
    pageTitle: "Página no encontrada",
    title: "Perdido entre las estrellas",
    text: "Esta página no existe.",
    home: "Volver al inicio",
  },
};
