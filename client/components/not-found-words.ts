// The words of the page of an unknown address in English, loaded with it (client/screens.ts;
// client/i18n/language.ts WORDS). not-found-words.es.ts is the same in Spanish.
export const words = {
  /** The page of an unknown address (client/components/NotFoundPage.tsx). */
  notFound: {
    pageTitle: "Page not found",
    title: "Lost among the stars",
    text: "This page does not exist.",
    home: "Go home",
  },
};
