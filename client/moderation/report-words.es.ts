// The report dialog's words in Spanish (Chile): report-words.ts's, typed by the English.
import type { Catalog } from "../text";

export const words: Pick<Catalog, "reportDialog"> = {
  reportDialog: {
    reportSent:
      "Gracias. Alguien del equipo de moderación lo revisará; la autora o el autor no sabrá quién lo reportó.",
    alreadyReported: "Ya reportaste esto",
    reportTitle: {
      post: "Reportar esta publicación",
      comment: "Reportar este comentario",
      message: "Reportar este mensaje",
    },
    reportIntro: "Cuéntale al equipo de moderación qué pasa. La autora o el autor no sabrá quién lo reportó.",
    reasonLegend: "Motivo",
    reasonOptions: { spam: "Spam", harassment: "Acoso", other: "Otra cosa" },
    detailsLabel: "Detalles (opcional)",
    sendReport: "Enviar reporte",
    sendingReport: "Enviando el reporte",
    reportFailed: "No se pudo enviar el reporte. Inténtalo de nuevo.",
  },
};
