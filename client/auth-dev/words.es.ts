// The development sign-in page's words in Spanish (Chile): words.ts's, typed by the English.
import type { Catalog } from "../text";

export const words: Pick<Catalog, "devSignIn"> = {
  devSignIn: {
    pageTitle: "Iniciar sesión",
    title: "Inicio de sesión de desarrollo",
    intro: "Reemplaza a Google en este servidor local. Usa admin@example.com para entrar como admin.",
    email: "Correo",
    name: "Nombre",
    continue: "Continuar",
  },
};
