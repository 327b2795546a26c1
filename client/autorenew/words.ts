// The words of autorenew in English, loaded with the screens and parts that show them
// (client/i18n/language.ts WORDS; docs/client.md "Words"). words.es.ts is the same in Spanish.
import { AUTORENEW_TEXTS } from "../../worker/shared/texts/autorenew";

export const words = {
  /** Automatic renewal with Oneclick Mall: /pricing, the membership settings, notices and the admin tabs. */
  autorenew: {
    ...AUTORENEW_TEXTS,
    title: "Renew automatically",
    offText: (amount: string, days: number) =>
      `Enrol a card once with your bank and ${amount} is charged on each due date, every ${days} days. Stop whenever you like.`,
    keepDays: "The days you have stay yours: the first automatic charge is on your due date.",
    enrol: "Renew automatically",
    starting: "Opening your bank's enrolment",
    onText: (card: string) => `On: ${card} is charged on each due date.`,
    nextCharge: (amount: string, date: string) => `Next automatic charge: ${amount} on ${date}.`,
    trialEnds: (date: string, amount: string) =>
      `Your free trial ends on ${date}; then ${amount} is charged to this card. Stop before then and nothing is charged.`,
    trialStopped: (date: string) => `Your free trial ends on ${date}. Nothing will be charged.`,
    pauseOffer: "Need a break? Pause instead of stopping: nothing is charged, and renewal starts again by itself.",
    pauseLength: "Pause for",
    pausePeriods: (n: number) => (n === 1 ? "1 period" : `${n} periods`),
    pause: "Pause automatic renewal",
    pausing: "Pausing automatic renewal",
    pausedUntil: (date: string) => `Paused: your access ends with this period, and renewal starts again on ${date}.`,
    resume: "Resume now",
    resumed: "Automatic renewal is back on.",
    pauseFailed: "The pause could not be changed. Please try again.",
    stop: "Stop automatic renewal",
    stopping: "Stopping automatic renewal",
    stopped: "Automatic renewal is off. Nothing more will be charged.",
    stopFailed: "Could not stop automatic renewal",
    startFailed: "Could not start the card enrolment",
    paused:
      "Automatic renewal is paused: your card was refused several times. Enrol a card again and pay this period by hand; the next ones renew automatically.",
    enrolAgain: "Enrol a card again",
    outcome: {
      enrolled: "Your card is enrolled: your membership now renews automatically.",
      refused: "Your bank did not enrol the card. Nothing changed.",
      abandoned: "You left the enrolment. Nothing changed.",
      failed: "The enrolment could not be finished. Nothing changed; please try again.",
      trial: "Your card is enrolled and your free trial has begun. Nothing is charged until it ends.",
      trial_refused:
        "Your card is enrolled, but the free trial has been used already (by this account or with this card). Nothing was charged.",
    },
    notice: (amount: string, date: string) =>
      `On ${date} your enrolled card will be charged ${amount} to renew your membership. To stop it, turn off automatic renewal in your membership settings.`,
    automaticMarker: "automatic",
    healthName: "Automatic renewal (Oneclick)",
  },
};
