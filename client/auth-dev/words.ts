// The development sign-in page's words in English, loaded with it (client/screens.ts; client/i18n/language.ts
// WORDS). words.es.ts is the same in Spanish.
export const words = {
  /** The development sign-in provider's page (client/auth-dev/DevSignInPage.tsx). */
  devSignIn: {
    pageTitle: "Sign in",
    title: "Development sign-in",
    intro: "Stands in for Google on this local server. Use admin@example.com to sign in as an admin.",
    email: "Email",
    name: "Name",
    continue: "Continue",
  },
};
