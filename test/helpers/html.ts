const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "'": "&#39;", '"': "&quot;" };

/** Text as the pages' JSX writes it, to find a registry's words in the HTML. */
export const asHtml = (text: string) => text.replace(/[&<>'"]/g, (ch) => entities[ch]!);
