export const NO_CHROMIUM: string;
export function setupLocalBrowser(options?: { checkOnly?: boolean; root?: string; log?: (line: string) => void }): {
  chromium: string | null;
  ready: boolean;
};
