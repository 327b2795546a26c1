// The landing page's words in Spanish (Chile): words.ts's, typed by the English.
import type { Catalog } from "../text";

export const words: Pick<Catalog, "landing"> = {
  landing: {
    title: "Un santuario para almas afines",
    lead: "Un lounge solo para miembros, dedicado al bienestar y la espiritualidad: para encontrarnos, compartir y crecer juntos.",
    enter: "Entrar al Lounge",
    signIn: "Iniciar sesión",
    featuresLabel: "Lo que encontrarás",
    communityTitle: "Comunidad",
    communityText: "Comparte reflexiones, celebra a los demás y conversa en canales tranquilos y cercanos.",
    libraryTitle: "Biblioteca de recursos",
    libraryText: "Meditaciones, guías, audios y videos para profundizar tu práctica.",
    vipTitle: "Experiencia VIP",
    vipText: (price, days) => `Acceso premium ilimitado por ${price} cada ${days} días.`,
  },
};
