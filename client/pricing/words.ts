// The words of the pricing page and the payment return in English, loaded with the screens that show them
// (client/i18n/language.ts WORDS; docs/client.md "Words"), and by the test-mode banner when it shows. words.es.ts is
// the same in Spanish.
import { PAYMENT_TEXTS } from "../../worker/shared/texts/payment";

export const words = {
  payment: {
    ...PAYMENT_TEXTS,
    amountPaid: (amount: string) => `Amount paid: ${amount}`,
    /** The pricing page (client/pricing/PricingPage.tsx). */
    pricingEyebrow: "Cosmic Lounge membership",
    pricingLead: "Join the inner circle and open the whole library of teachings, practices and media.",
    membershipLabel: "Your membership",
    statusLabel: "Membership status",
    statusNames: { active: "Active", admin: "Admin", trial: "Trial", expired: "Expired" } as Record<string, string>,
    expiredOn: (date: string) => `Expired on ${date}`,
    nextDue: (date: string) => `Next payment due ${date}`,
    goToResources: "Go to Resources",
    statusFailed: "Your membership status could not be loaded.",
    planNames: { monthly: "Monthly Membership", yearly: "Yearly Membership" } as Record<string, string>,
    saving: (amount: string) => `You save ${amount}`,
    couponLabel: "Coupon code",
    couponApply: "Apply",
    couponChecking: "Checking the code",
    couponApplied: (code: string) => `Coupon ${code} applied: the prices below include it.`,
    couponRemove: "Remove",
    couponRefused: "That code cannot be used.",
    couponNetwork: "The code could not be checked. Please try again.",
    fullPrice: (price: string) => `Instead of ${price}`,
    scholarshipActive: "Your scholarship is active: welcome! Redirecting to resources...",
    perPeriod: (days: number) => `/ ${days} days`,
    benefitLibrary: "The full premium resource library: meditations, guides, audio and video",
    benefitAi: "AI-crafted articles and imagery for your practice",
    benefitAccess: (days: number) => `${days} days of access, paid once per period`,
    starting: "Starting payment",
    redirecting: "Redirecting to Webpay...",
    payWith: (price: string) => `Pay ${price} with Webpay`,
    secureHint: "Secure card payment by Transbank Webpay Plus. You will come back here when it is done.",
  },
};
