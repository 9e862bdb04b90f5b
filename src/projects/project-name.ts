/** A report's project: its host, lower-cased, without port or a leading `www.`. */
export const projectNameFor = (url: URL) => url.hostname.toLowerCase().replace(/^www\./, "");
