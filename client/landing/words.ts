// The landing page's words in English, loaded with its code (client/i18n/language.ts WORDS; the build's
// prerender reads both languages directly). words.es.ts is the same in Spanish.
export const words = {
  landing: {
    title: "A sanctuary for kindred souls",
    lead: "A members-only lounge for wellness and spirituality: gather, share and grow together.",
    enter: "Enter the Lounge",
    signIn: "Sign In",
    featuresLabel: "What you will find",
    communityTitle: "Community",
    communityText: "Share reflections, celebrate each other and chat in calm, caring channels.",
    libraryTitle: "Resource library",
    libraryText: "Meditations, guides, audio and video to deepen your practice.",
    vipTitle: "VIP experience",
    vipText: (price: string, days: number) => `Unlimited premium access for ${price} every ${days} days.`,
  },
};
