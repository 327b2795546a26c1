// The words of the pricing page and the payment return in Spanish (Chile): words.ts's, typed by the English.
import { paymentTexts } from "../i18n/es";
import type { Catalog } from "../text";

export const words: Pick<Catalog, "payment"> = {
  payment: {
    ...paymentTexts,
    amountPaid: (amount) => `Monto pagado: ${amount}`,
    pricingEyebrow: "Membresía de Cosmic Lounge",
    pricingLead: "Súmate al círculo íntimo y abre toda la biblioteca de enseñanzas, prácticas y contenidos.",
    membershipLabel: "Tu membresía",
    statusLabel: "Estado de la membresía",
    statusNames: { active: "Activa", admin: "Admin", trial: "Prueba", expired: "Vencida" },
    expiredOn: (date) => `Venció el ${date}`,
    nextDue: (date) => `Próximo pago: ${date}`,
    goToResources: "Ir a los recursos",
    statusFailed: "No pudimos cargar el estado de tu membresía.",
    planNames: { monthly: "Membresía mensual", yearly: "Membresía anual" },
    saving: (amount) => `Ahorras ${amount}`,
    couponLabel: "Código de cupón",
    couponApply: "Aplicar",
    couponChecking: "Revisando el código",
    couponApplied: (code) => `Cupón ${code} aplicado: los precios de abajo ya lo incluyen.`,
    couponRemove: "Quitar",
    couponRefused: "Ese código no se puede usar.",
    couponNetwork: "No pudimos revisar el código. Inténtalo de nuevo.",
    fullPrice: (price) => `En vez de ${price}`,
    scholarshipActive: "Tu beca está activa: ¡bienvenida o bienvenido! Te llevamos a los recursos...",
    perPeriod: (days) => `/ ${days} días`,
    benefitLibrary: "Toda la biblioteca premium de recursos: meditaciones, guías, audios y videos",
    benefitAi: "Artículos e imágenes creados con IA para tu práctica",
    benefitAccess: (days) => `${days} días de acceso, con un solo pago por período`,
    starting: "Iniciando el pago",
    redirecting: "Te estamos llevando a Webpay...",
    payWith: (price) => `Pagar ${price} con Webpay`,
    secureHint: "Pago seguro con tarjeta mediante Transbank Webpay Plus. Volverás aquí cuando termine.",
  },
};
