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
    giftTitle: "Give Cosmic Lounge as a gift",
    giftLead: "We email your gift to the address you choose, with your message. It renews nothing.",
    giftMonths: "Length",
    giftLength: (months: number, price: string) => `${months === 1 ? "1 month" : `${months} months`}: ${price}`,
    giftEmail: "Their email address",
    giftMessage: "Your message (optional)",
    giftPay: (price: string) => `Send the gift (${price}, paid with Webpay)`,
    giftSent: "Your gift is paid: we have emailed it to its recipient.",
    redeemTitle: "Your gift",
    redeeming: "Starting your gift",
    redeemed: (months: number) =>
      `Your gift is active: ${months === 1 ? "a month of Cosmic Lounge was" : `${months} months of Cosmic Lounge were`} added.`,
    redeemNoCode: "This link has no gift code. Open the link in the gift email again.",
    redeemFailed: "The gift could not be started.",
    redeemSignIn: "Sign in to start your gift",
    perPeriod: (days: number) => `/ ${days} days`,
    benefitLibrary: "The full premium resource library: meditations, guides, audio and video",
    benefitAi: "AI-crafted articles and imagery for your practice",
    benefitAccess: (days: number) => `${days} days of access, paid once per period`,
    starting: "Starting payment",
    redirecting: "Redirecting to Webpay...",
    payWith: (price: string) => `Pay ${price} with Webpay`,
    /** A plan's free trial (client/pricing/TrialOffer.tsx). */
    tryFree: (days: number) => `Try ${days} days free`,
    trialTerms: (days: number, price: string, period: number) =>
      `Nothing is charged for ${days} days. Then ${price} every ${period} days on the card you enrol, unless you stop before: stopping is one click.`,
    trialStarting: "Opening your bank's card enrolment",
    trialStarted: "Your free trial has begun: welcome!",
    trialFailed: "The trial could not be started.",
    secureHint: "Secure card payment by Transbank Webpay Plus. You will come back here when it is done.",
  },
};
