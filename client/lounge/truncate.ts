/** Cuts a text at `max` characters, marking the cut with an ellipsis. */
export const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}...` : text);
