// The words of the item and member menus' open lists in English (the reaction picker; a member's Message and Block),
// loaded with those lists (client/i18n/language.ts WORDS: menus). menu-words.es.ts is the same in Spanish.

export const words = {
  menus: {
    react: "React",
    reactWith: (emoji: string) => `React with ${emoji}`,
    message: "Message",
    block: "Block",
    confirmBlock: (name: string) =>
      `Block ${name}? They will not be able to message you, their mentions of you will not notify you, and their posts and comments will be collapsed for you. They are not told.`,
    blocked: (name: string) => `${name} is blocked`,
    openFailed: "Could not open the conversation",
  },
};
