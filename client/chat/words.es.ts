// The chat's words in Spanish (Chile): words.ts's, typed by the English.
import { chat } from "../i18n/es";
import type { Catalog } from "../text";

export const words: Pick<Catalog, "chat"> = {
  chat: {
    ...chat,
    channels: "Canales",
    newChannel: "+ Nuevo",
    noChannels: "Aún no hay canales. Crea el primero.",
    showChannels: "Mostrar los canales",
    loadingMessages: "Cargando mensajes",
    sending: "Enviando…",
    waitingToSend: "Esperando para enviar…",
    notSent: "No enviado",
    retrySend: "Reintentar",
    discardSend: "Descartar",
    noMessagesTitle: "Aún no hay mensajes",
    noMessagesText: "Saluda al canal.",
    noChannelTitle: "No hay un canal elegido",
    noChannelText: "Crea un canal para empezar a conversar.",
    createChannel: "Crear canal",
    manageChannel: "Administrar el canal",
    manageChannelLabel: (name) => `Administrar el canal ${name}`,
    privateMark: "(privado)",
    polling: "Sin conexión en vivo",
    messagesLabel: "Mensajes",
    sharedImage: "Imagen compartida",
    imageAlt: (fileName) => `Imagen: ${fileName}`,
    uploadImage: "Subir una imagen",
    messageLabel: (channel) => `Mensaje para #${channel}`,
    send: "Enviar",
  },
};
