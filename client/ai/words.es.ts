// The words of the AI dialogs in Spanish (Chile): words.ts's, typed by the English.
import { ai } from "../i18n/es";
import type { Catalog } from "../text";

export const words: Pick<Catalog, "ai" | "libraryAi" | "noticeAi"> = {
  ai,
  libraryAi: {
    aiTabsLabel: "Qué quieres generar",
    aiTabs: { text: "Contenido de texto", image: "Imágenes con IA" },
    aiTextPrompt: "¿De qué debería tratar el contenido?",
    aiImagePrompt: "Describe la imagen",
    contentType: "Tipo de contenido",
    aiModel: "Modelo de IA",
    style: "Estilo",
    quality: "Calidad",
    size: "Tamaño",
    textTypes: { article: "Artículo", guide: "Guía", meditation: "Meditación", wisdom: "Sabiduría" },
    imageStyles: { vivid: "Vívido", natural: "Natural" },
    imageQualities: { standard: "Estándar", hd: "HD" },
    generateContent: "Generar el contenido",
    generateImage: "Generar la imagen",
    generating: "Generando...",
  },
  noticeAi: {
    aiPrompt: "Instrucción",
    aiTextPlaceholder: "Describe el aviso que quieres...",
    aiImagePrompt: "Instrucción para la imagen",
    aiImagePlaceholder: "Describe la imagen...",
    aiType: "Tipo",
    aiModel: "Modelo",
    aiStyle: "Estilo",
    aiQuality: "Calidad",
    aiSize: "Tamaño",
    generateText: "Generar texto",
    generateImage: "Generar imagen",
    generating: "Generando",
  },
};
