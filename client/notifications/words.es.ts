// The words of notifications in Spanish (Chile): words.ts's, typed by the English.
import { AUTORENEW } from "../../worker/shared/rules";
import type { Catalog } from "../text";

export const words: Pick<Catalog, "notifications"> = {
  notifications: {
    open: "Notificaciones",
    openWithCount: (n) => (n === 1 ? "Notificaciones, 1 sin leer" : `Notificaciones, ${n} sin leer`),
    title: "Notificaciones",
    markAllRead: "Marcar todo como leído",
    empty: "Nada nuevo. Las estrellas están tranquilas.",
    failed: "No se pudieron cargar tus notificaciones.",
    loading: "Cargando notificaciones",
    unreadMark: "Sin leer",
    someone: "Alguien",
    comment: (who) => `${who} comentó tu publicación`,
    like: (who, count) =>
      count <= 1 ? `A ${who} le gustó tu publicación` : `A ${who} y ${count - 1} más les gustó tu publicación`,
    mentionPost: (who) => `${who} te mencionó en una publicación`,
    mentionChat: (who, channel) => `${who} te mencionó en #${channel}`,
    notice: (title) => `Nuevo aviso fijado: ${title}`,
    paymentCompleted: "Tu pago se realizó: tu membresía está activa.",
    paymentFailed: "Tu pago no se pudo realizar.",
    renewalRefused: `Tu renovación automática fue rechazada. Mantienes el acceso ${AUTORENEW.graceDays} días: registra otra tarjeta para renovar.`,
    membershipEnding: (date) => `Tu membresía termina el ${date}. Renuévala para mantener tu acceso.`,
    channelInvite: (who, channel) => `${who} te invitó al canal privado #${channel}`,
    channelInviteHidden: (who) => `${who} te invitó a un canal privado`,
    mentionHiddenChat: (who) => `${who} te mencionó en un canal privado`,
    replyChat: (who, channel) => `${who} te respondió en #${channel}`,
    replyHiddenChat: (who) => `${who} te respondió en un canal privado`,
    lessonOpened: "Se abrió una nueva lección de tu programa",
    cohortStarting: "El grupo de tu programa empieza mañana",
    reactionPost: (who, count) =>
      count <= 1 ? `${who} reaccionó a tu publicación` : `${who} y ${count - 1} más reaccionaron a tu publicación`,
    reactionComment: (who, count) =>
      count <= 1 ? `${who} reaccionó a tu comentario` : `${who} y ${count - 1} más reaccionaron a tu comentario`,
    reactionChat: (who, count, channel) =>
      count <= 1
        ? `${who} reaccionó a tu mensaje en #${channel}`
        : `${who} y ${count - 1} más reaccionaron a tu mensaje en #${channel}`,
    reactionHiddenChat: (who, count) =>
      count <= 1
        ? `${who} reaccionó a tu mensaje en un canal privado`
        : `${who} y ${count - 1} más reaccionaron a tu mensaje en un canal privado`,
    priceChange: (plan, from, to, date) =>
      `El precio del plan ${plan} sube de ${from} a ${to}: tu renovación automática pagará el nuevo precio desde el ${date}.`,
    priceChangeUnknown: "Cambia el precio de tu plan.",
    decline: "Rechazar",
    declineLabel: (channel) => `Rechazar la invitación a #${channel}`,
    declineFailed: "No se pudo rechazar la invitación. Inténtalo de nuevo.",
  },
};
