// The words of the item and member menus' open lists in Spanish (Chile): menu-words.ts's, typed by the English.
import type { Catalog } from "../text";

export const words: Pick<Catalog, "menus"> = {
  menus: {
    react: "Reaccionar",
    reactWith: (emoji) => `Reaccionar con ${emoji}`,
    message: "Mensaje",
    block: "Bloquear",
    confirmBlock: (name) =>
      `¿Bloquear a ${name}? No podrá escribirte, sus menciones no te llegarán y sus publicaciones y comentarios se verán contraídos para ti. No se le avisa.`,
    blocked: (name) => `Bloqueaste a ${name}`,
    openFailed: "No se pudo abrir la conversación",
  },
};
