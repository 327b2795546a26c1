// The settings' words in Spanish (Chile): words.ts's, typed by the English.
import type { Catalog } from "../text";

export const words: Pick<Catalog, "settings"> = {
  settings: {
    title: "Ajustes",
    sectionsLabel: "Secciones de ajustes",
    back: "Todos los ajustes",
    choose: "Elige una sección para ver y cambiar sus ajustes.",
    loadingSection: "Cargando esta sección",
    sections: {
      notifications: { name: "Notificaciones", hint: "Qué te llega y por dónde" },
      membership: { name: "Membresía", hint: "Plan, renovación automática, comprobantes" },
      privacy: { name: "Privacidad", hint: "Quién puede escribirte, miembros bloqueados" },
      devices: { name: "Dispositivos", hint: "Push, sesiones, cerrar sesión en otros lugares" },
      calendar: { name: "Calendario", hint: "Tus encuentros en tu app de calendario" },
      data: { name: "Tus datos", hint: "Descarga todo o elimina tu cuenta" },
    },
    groups: {
      conversations: { name: "Conversaciones", hint: "Menciones, respuestas, reacciones e invitaciones a canales" },
      community: { name: "Comunidad", hint: "Comentarios y me gusta en tus publicaciones, avisos fijados" },
      events: { name: "Encuentros", hint: "Recordatorios, cambios, un cupo liberado para ti" },
      programs: { name: "Programas", hint: "Una lección nueva abierta, el inicio de tu grupo" },
      membership: { name: "Membresía y pagos", hint: "Comprobantes, recordatorios, cobros automáticos" },
    },
    groupChannel: (group: string, channel: string) => `${group}: ${channel}`,
    kindsShow: (n: number) => `Elegir cada uno de los ${n} tipos`,
    always: "Siempre",
    digestHint: "Un correo con lo que te perdiste, además de los correos elegidos arriba.",
    plan: {
      title: "Tu plan",
      price: (price: string, days: number) => `${price} por ${days} días`,
      active: (date: string) => `Activa hasta el ${date}`,
      trial: (date: string) => `Prueba gratuita hasta el ${date}`,
      none: "No tienes una membresía activa.",
      expired: "Tu membresía terminó.",
      admin: "Como admin tienes acceso completo sin membresía.",
      join: "Ver la membresía",
      loadFailed: "No pudimos cargar tu membresía.",
    },
    history: {
      showing: (shown: number, total: number) => `Mostrando ${shown} de ${total} pagos`,
      more: "Mostrar más pagos",
    },
    devices: {
      pushTitle: "Push en tus dispositivos",
      sessionsHint: "Dónde tienes la sesión iniciada. Ciérrala en los demás si pierdes o compartes un dispositivo.",
    },
    privacyHint: "Quién puede escribirte directamente y a quién bloqueaste.",
    privacyLoadFailed: "No pudimos cargar quién puede escribirte.",
  },
};
