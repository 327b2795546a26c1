// The words of push notifications and emails, in both of the app's languages, in one
// module: the worker speaks to members outside the app, where the client's catalogue does not reach.
import { EVENT_DEFAULT_TIME_ZONE } from "../../shared/events";
import type { FixedKind } from "../../shared/notification-settings";
import { type NotificationRow, priceChangeOf } from "../../shared/notifications";
import { AUTORENEW, type Language } from "../../shared/rules";

/** The facts a notification's line names (who, which channel, when); an invitation's email has no stored row. */
export type NotificationFacts = Pick<NotificationRow, "kind" | "actorName" | "channelName" | "eventTitle" | "detail">;

type Words = {
  someone: string;
  aChannel: string;
  /** The one line that says what happened: the push's body, the email's subject. */
  line: (f: NotificationFacts, date: (ms: number) => string) => string;
  open: string;
  why: string;
  unsubscribe: string;
  unsubscribeConfirm: string;
  unsubscribeButton: string;
  unsubscribed: string;
  unsubscribeInvalid: string;
  /** The footer of the emails that cannot be turned off (no unsubscribe link), each saying why: a payment's record, a
   * raised price's notice. */
  alwaysSent: Record<FixedKind, string>;
  /** The footer's link to the member's settings: the notifications section, or the membership section for payments. */
  settings: { notifications: string; membership: string };
  /** An invitation emailed to an address with no account: what the community is, how to join, why it came. */
  invitation: { join: string; open: string; why: (inviter: string) => string };
  /** The receipt email's opening line; its rows and notes are worker/shared/texts/receipt.ts's. */
  receipt: { intro: string };
  /** A gift of membership emailed to its recipient (an address that may have no account yet). */
  gift: {
    subject: (from: string) => string;
    intro: (from: string, months: number) => string;
    message: string;
    open: string;
    expires: (date: string) => string;
    why: (from: string) => string;
  };
  digest: {
    subject: (period: "daily" | "weekly") => string;
    intro: (since: string) => string;
    notifications: (n: number) => string;
    more: (n: number) => string;
    posts: (n: number) => string;
    notices: string;
    why: string;
  };
};

const who = (f: NotificationFacts, w: { someone: string }) => f.actorName || w.someone;
const where = (f: NotificationFacts, w: { aChannel: string }) => (f.channelName ? `#${f.channelName}` : w.aChannel);

export const NOTIFICATION_TEXTS: Record<Language, Words> = {
  en: {
    someone: "Someone",
    aChannel: "a private channel",
    line(f, date) {
      const w = NOTIFICATION_TEXTS.en;
      switch (f.kind) {
        case "comment":
          return `${who(f, w)} commented on your post`;
        case "like":
          return `${who(f, w)} liked your post`;
        case "mention":
          return f.channelName
            ? `${who(f, w)} mentioned you in ${where(f, w)}`
            : `${who(f, w)} mentioned you in a post`;
        case "notice":
          return "A new notice is pinned in the lounge";
        case "payment":
          if (f.detail === "renewal_refused")
            return `Your renewal was refused: enrol a new card within ${AUTORENEW.graceDays} days to keep your membership`;
          return f.detail === "completed" ? "Your payment receipt" : "Your payment did not go through";
        case "membership_ending":
          return `Your membership ends on ${date(Number(f.detail))}`;
        case "channel_invite":
          return `${who(f, w)} invited you to ${where(f, w)}`;
        case "reply":
          return `${who(f, w)} replied to you in ${where(f, w)}`;
        case "reaction":
          if (f.detail?.startsWith("message")) return `${who(f, w)} reacted to your message in ${where(f, w)}`;
          return `${who(f, w)} reacted to your ${f.detail?.startsWith("comment") ? "comment" : "post"}`;
        case "event_reminder":
          return f.detail?.startsWith("1h")
            ? `${f.eventTitle ?? "A gathering"} starts within the hour`
            : `${f.eventTitle ?? "A gathering"} is tomorrow`;
        case "event_cancelled":
          return `${f.eventTitle ?? "A gathering"} was cancelled`;
        case "event_moved":
          return `${f.eventTitle ?? "A gathering"} has a new time`;
        case "event_promoted":
          return `A seat opened: you are going to ${f.eventTitle ?? "the gathering"}`;
        case "autorenew_notice":
          return `Your card will be charged on ${date(Number(f.detail))} to renew your membership`;
        case "lesson_opened":
          return "A new lesson of your program is open";
        case "cohort_starting":
          return "Your program's cohort starts tomorrow";
        case "price_change": {
          const c = priceChangeOf(f.detail);
          if (!c) return "The price of your plan changes";
          return `The ${c.plan} plan's price rises from ${clpIn("en", c.old_clp)} to ${clpIn("en", c.new_clp)}: your automatic renewal pays the new price from ${date(c.applies_at)}`;
        }
      }
    },
    open: "Open it in the lounge",
    why: "You get this email because of your notification settings.",
    unsubscribe: "Stop these emails",
    unsubscribeConfirm: "Stop emails of this kind?",
    unsubscribeButton: "Unsubscribe",
    unsubscribed: "Done: you will not get these emails any more. Your notification settings can turn them back on.",
    unsubscribeInvalid: "This link is not valid any more. Your notification settings can change what you get.",
    alwaysSent: {
      payment: "This email is the record of a payment, so it is always sent.",
      price_change: "This email tells you of a change to what you pay, so it is always sent.",
    },
    settings: { notifications: "Your notification settings", membership: "Your membership and receipts" },
    invitation: {
      join: "Cosmic Lounge is a members-only community. Sign in with this email address to join the channel.",
      open: "Sign in and open the channel",
      why: (inviter) =>
        `You get this email once because ${inviter} invited this address. No account was made: if you do not want to join, ignore it.`,
    },
    receipt: { intro: "Thank you: your payment is complete. This is your receipt." },
    gift: {
      subject: (from) => `${from} gave you a Cosmic Lounge membership`,
      intro: (from, months) =>
        `${from} gave you ${months === 1 ? "a month" : `${months} months`} of Cosmic Lounge: the full library of teachings, practices and media.`,
      message: "Their message",
      open: "Sign in and start your gift",
      expires: (date) => `The gift can be started until ${date}. It renews nothing: no card is needed.`,
      why: (from) => `You get this email once because ${from} bought a gift for this address.`,
    },
    digest: {
      subject: (period) => (period === "daily" ? "Your daily lounge digest" : "Your weekly lounge digest"),
      intro: (since) => `What is new for you since ${since}:`,
      notifications: (n) => (n === 1 ? "1 unread notification" : `${n} unread notifications`),
      more: (n) => `and ${n} more`,
      posts: (n) => (n === 1 ? "1 new post in the lounge" : `${n} new posts in the lounge`),
      notices: "New notices",
      why: "You get this digest because you turned it on in your notification settings.",
    },
  },
  es: {
    someone: "Alguien",
    aChannel: "un canal privado",
    line(f, date) {
      const w = NOTIFICATION_TEXTS.es;
      switch (f.kind) {
        case "comment":
          return `${who(f, w)} comentó tu publicación`;
        case "like":
          return `A ${who(f, w)} le gustó tu publicación`;
        case "mention":
          return f.channelName
            ? `${who(f, w)} te mencionó en ${where(f, w)}`
            : `${who(f, w)} te mencionó en una publicación`;
        case "notice":
          return "Hay un nuevo aviso fijado en el lounge";
        case "payment":
          if (f.detail === "renewal_refused")
            return `Tu renovación fue rechazada: registra otra tarjeta dentro de ${AUTORENEW.graceDays} días para mantener tu membresía`;
          return f.detail === "completed" ? "Tu comprobante de pago" : "Tu pago no se completó";
        case "membership_ending":
          return `Tu membresía termina el ${date(Number(f.detail))}`;
        case "channel_invite":
          return `${who(f, w)} te invitó a ${where(f, w)}`;
        case "reply":
          return `${who(f, w)} te respondió en ${where(f, w)}`;
        case "reaction":
          if (f.detail?.startsWith("message")) return `${who(f, w)} reaccionó a tu mensaje en ${where(f, w)}`;
          return `${who(f, w)} reaccionó a tu ${f.detail?.startsWith("comment") ? "comentario" : "publicación"}`;
        case "event_reminder":
          return f.detail?.startsWith("1h")
            ? `${f.eventTitle ?? "Un encuentro"} empieza dentro de una hora`
            : `${f.eventTitle ?? "Un encuentro"} es mañana`;
        case "event_cancelled":
          return `${f.eventTitle ?? "Un encuentro"} se canceló`;
        case "event_moved":
          return `${f.eventTitle ?? "Un encuentro"} cambió de horario`;
        case "event_promoted":
          return `Se liberó un cupo: vas a ${f.eventTitle ?? "el encuentro"}`;
        case "autorenew_notice":
          return `El ${date(Number(f.detail))} se cargará tu tarjeta para renovar tu membresía`;
        case "lesson_opened":
          return "Se abrió una nueva lección de tu programa";
        case "cohort_starting":
          return "El grupo de tu programa empieza mañana";
        case "price_change": {
          const c = priceChangeOf(f.detail);
          if (!c) return "Cambia el precio de tu plan";
          return `El precio del plan ${c.plan} sube de ${clpIn("es", c.old_clp)} a ${clpIn("es", c.new_clp)}: tu renovación automática pagará el nuevo precio desde el ${date(c.applies_at)}`;
        }
      }
    },
    open: "Ábrelo en el lounge",
    why: "Recibes este correo por tus ajustes de notificaciones.",
    unsubscribe: "No recibir más estos correos",
    unsubscribeConfirm: "¿Dejar de recibir correos de este tipo?",
    unsubscribeButton: "Cancelar suscripción",
    unsubscribed: "Listo: ya no recibirás estos correos. Puedes volver a activarlos en tus ajustes de notificaciones.",
    unsubscribeInvalid:
      "Este enlace ya no es válido. En tus ajustes de notificaciones puedes cambiar qué notificaciones recibes.",
    alwaysSent: {
      payment: "Este correo es el registro de un pago, por eso siempre se envía.",
      price_change: "Este correo te avisa de un cambio en lo que pagas, por eso siempre se envía.",
    },
    settings: { notifications: "Tus ajustes de notificaciones", membership: "Tu membresía y comprobantes" },
    invitation: {
      join: "Cosmic Lounge es una comunidad solo para miembros. Inicia sesión con este correo para unirte al canal.",
      open: "Iniciar sesión y abrir el canal",
      why: (inviter) =>
        `Recibes este correo una sola vez porque ${inviter} invitó a esta dirección. No se creó ninguna cuenta: si no quieres unirte, ignóralo.`,
    },
    receipt: { intro: "Gracias: tu pago se completó. Este es tu comprobante." },
    gift: {
      subject: (from) => `${from} te regaló una membresía de Cosmic Lounge`,
      intro: (from, months) =>
        `${from} te regaló ${months === 1 ? "un mes" : `${months} meses`} de Cosmic Lounge: toda la biblioteca de enseñanzas, prácticas y contenidos.`,
      message: "Su mensaje",
      open: "Iniciar sesión y activar el regalo",
      expires: (date) => `Puedes activar el regalo hasta el ${date}. No se renueva: no necesitas tarjeta.`,
      why: (from) => `Recibes este correo una sola vez porque ${from} compró un regalo para esta dirección.`,
    },
    digest: {
      subject: (period) => (period === "daily" ? "Tu resumen diario del lounge" : "Tu resumen semanal del lounge"),
      intro: (since) => `Lo nuevo para ti desde el ${since}:`,
      notifications: (n) => (n === 1 ? "1 notificación sin leer" : `${n} notificaciones sin leer`),
      more: (n) => `y ${n} más`,
      posts: (n) => (n === 1 ? "1 publicación nueva en el lounge" : `${n} publicaciones nuevas en el lounge`),
      notices: "Avisos nuevos",
      why: "Recibes este resumen porque lo activaste en tus ajustes de notificaciones.",
    },
  },
};

/** The member's language, English when they never chose. */
export const wordsFor = (language: Language | null) => NOTIFICATION_TEXTS[language ?? "en"];

/** The zone a member's dates are told in: their profile's, else the community's (Chile's, as for events). */
export const zoneOf = (timeZone: string | null) => timeZone || EVENT_DEFAULT_TIME_ZONE;

const localeOf = (language: Language | null) => (language === "es" ? "es-CL" : "en-US");

/** A date in the member's language and time zone ("22 nov 2026", "Nov 22, 2026"). */
export const dateIn = (language: Language | null, timeZone: string | null) => (ms: number) =>
  new Intl.DateTimeFormat(localeOf(language), {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: zoneOf(timeZone),
  }).format(new Date(ms));

/** A date and time as the app shows them, in the member's zone ("Nov 22, 2026, 3:00 PM", "22 nov 2026, 3:00 p. m."). */
export const dateTimeIn = (language: Language | null, timeZone: string | null) => (ms: number) =>
  new Intl.DateTimeFormat(localeOf(language), {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: zoneOf(timeZone),
  }).format(new Date(ms));

/** Money as the app shows it: "$15,000 CLP" in English, "$15.000" in Spanish. */
export const clpIn = (language: Language | null, amount: number) =>
  language === "es"
    ? new Intl.NumberFormat("es-CL", { style: "currency", currency: "CLP" }).format(amount)
    : `$${new Intl.NumberFormat("en-US").format(amount)} CLP`;
