export function startCrawlSite(pages: number): Promise<{ origin: string; close(): Promise<void> }>;
