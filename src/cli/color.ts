/** Colour only on a terminal, never with NO_COLOR set to anything (no-color.org) or on a dumb terminal. */
export function colorEnabled(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  if (!stream.isTTY) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return env.TERM !== "dumb";
}

const codes = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1 } as const;
export type Paint = Record<keyof typeof codes, (text: string) => string>;

export function painter(on: boolean): Paint {
  const entries = Object.entries(codes).map(([name, code]) => {
    const close = code <= 2 ? 22 : 39;
    return [name, (text: string) => (on ? `\x1b[${code}m${text}\x1b[${close}m` : text)];
  });
  return Object.fromEntries(entries) as Paint;
}
