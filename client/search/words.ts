// The search dialog's words in English, loaded with the dialog (client/components/SearchButton.tsx;
// client/i18n/language.ts WORDS). words.es.ts is the same in Spanish.
export const words = {
  searchDialog: {
    title: "Search the lounge",
    label: "Search posts, comments, messages, resources, events and programs",
    placeholder: "Search everything...",
    kindLabel: "Show",
    kinds: {
      all: "All",
      post: "Posts",
      comment: "Comments",
      message: "Messages",
      resource: "Resources",
      event: "Events",
      program: "Programs",
      lesson: "Lessons",
    },
    kindOne: {
      post: "Post",
      comment: "Comment",
      message: "Message",
      resource: "Resource",
      event: "Event",
      program: "Program",
      lesson: "Lesson",
    },
    results: "Results",
    searching: "Searching",
    hint: "Type to search. Use the arrow keys to move and Enter to open.",
    empty: (q: string) => `Nothing found for "${q}".`,
    failed: "The search did not work. Please try again.",
    count: (n: number) => (n === 1 ? "1 result" : `${n} results`),
    inChannel: (name: string) => `in #${name}`,
  },
};
