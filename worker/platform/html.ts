// Text placed in HTML the worker writes (emails, the search's snippets, the development pages): the five characters
// that could start markup or end an attribute, as named entities.
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
