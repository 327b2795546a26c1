// The spec's texts of one area (worker/shared/texts.ts gathers them for the worker).
import { MEMBERSHIP, PRODUCT_NAME } from "../rules";
import { PAYMENT_PROCESSING_TEXTS } from "./payment-processing";

export const PAYMENT_TEXTS = {
  ...PAYMENT_PROCESSING_TEXTS,
  initiateFailed: "Failed to initiate payment",
  initiateNetwork: "Failed to initiate payment. Please try again.",
  alreadyActive: "You already have an active membership! Redirecting to resources...",
  success: `Payment successful! Your cosmic membership has been activated for ${MEMBERSHIP.periodDays} days. Welcome to the ${PRODUCT_NAME} Lounge!`,
  processed: `Payment processed! Your cosmic membership has been activated for ${MEMBERSHIP.periodDays} days. Welcome to the ${PRODUCT_NAME} Lounge!`,
  verificationFailed: "Payment verification failed. Please contact support if you were charged.",
  verificationNetwork: "Unable to verify payment. Please contact support if you were charged.",
  cancelled: "Payment was cancelled or failed. Please try again.",
  pricingTitle: "Unlock Premium Resources",
  signInToContinue: "Sign In to Continue",
  successTitle: "Welcome to the Lounge!",
  enterLounge: "Enter the Lounge",
  errorTitle: "Payment Issue",
  tryAgain: "Try Again",
  notConfigured: (missing: string[]) =>
    `Payments are not available: the site's Webpay configuration is incomplete (missing ${missing.join(", ")}).`,
  testModeBanner: "Test mode: no real charges",
} as const;
