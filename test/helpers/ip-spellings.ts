import fc from "fast-check";

/** An IPv4 range as [first address as a 32-bit integer, prefix length]. */
export type Cidr4 = readonly [number, number];

export const ipv4ToInt = (dotted: string) => dotted.split(".").reduce((n, part) => n * 256 + Number(part), 0);
export const intToIpv4 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
const cidr = (dotted: string, prefix: number): Cidr4 => [ipv4ToInt(dotted), prefix];

/** Every IPv4 range the analysis must never fetch (docs/security.md). */
export const blockedIpv4Ranges: Record<string, Cidr4> = {
  "loopback 127/8": cidr("127.0.0.0", 8),
  "private 10/8": cidr("10.0.0.0", 8),
  "private 172.16/12": cidr("172.16.0.0", 12),
  "private 192.168/16": cidr("192.168.0.0", 16),
  "link-local 169.254/16": cidr("169.254.0.0", 16),
  "metadata 169.254.169.254": cidr("169.254.169.254", 32),
  "CGNAT 100.64/10": cidr("100.64.0.0", 10),
  "this-network 0/8": cidr("0.0.0.0", 8),
  "multicast 224/4": cidr("224.0.0.0", 4),
  "reserved 240/4": cidr("240.0.0.0", 4),
  "broadcast 255.255.255.255": cidr("255.255.255.255", 32),
};

/** Special-purpose ranges that are not blocked by name above but are not public either (RFC 5735/5737/2544/7534/7450). */
const otherSpecialIpv4: Cidr4[] = [
  cidr("192.0.0.0", 24),
  cidr("192.0.2.0", 24),
  cidr("192.88.99.0", 24),
  cidr("198.18.0.0", 15),
  cidr("198.51.100.0", 24),
  cidr("203.0.113.0", 24),
  cidr("192.175.48.0", 24),
  cidr("192.31.196.0", 24),
  cidr("192.52.193.0", 24),
];

const size = ([, prefix]: Cidr4) => 2 ** (32 - prefix);
const contains = (range: Cidr4, n: number) => n >= range[0] && n < range[0] + size(range);

/** An address inside `range`, as a 32-bit integer; the range's first and last addresses come up often. */
export const ipv4In = (range: Cidr4) =>
  fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: size(range) - 1 }), weight: 4 },
    { arbitrary: fc.constantFrom(0, size(range) - 1), weight: 1 },
  ).map((offset) => range[0] + offset);

/** A public unicast IPv4 address as a 32-bit integer: outside every blocked and special-purpose range. */
export const publicIpv4 = fc
  .integer({ min: 0, max: 2 ** 32 - 1 })
  .filter((n) => ![...Object.values(blockedIpv4Ranges), ...otherSpecialIpv4].some((range) => contains(range, n)));

/** One number the WHATWG host parser accepts as an IPv4 part: decimal, octal (leading 0) or hex (0x), any case. */
const numberSpelling = (value: number) =>
  fc.oneof(
    fc.constant(String(value)),
    fc.nat({ max: 3 }).map((zeros) => `0${"0".repeat(zeros)}${value.toString(8)}`),
    fc
      .tuple(fc.constantFrom("0x", "0X"), fc.nat({ max: 3 }), fc.boolean())
      .map(([prefix, zeros, upper]) => `${prefix}${"0".repeat(zeros)}${upper ? value.toString(16).toUpperCase() : value.toString(16)}`),
  );

/**
 * `n` written as the URL parser reads IPv4: 4 parts a.b.c.d, 3 parts a.b.(16-bit), 2 parts a.(24-bit), or one
 * 32-bit number, each part in its own radix, sometimes with the one trailing dot the parser drops.
 */
export const ipv4Spelling = (n: number) => {
  const octets = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255] as const;
  const forms: number[][] = [
    [...octets],
    [octets[0], octets[1], n & 0xffff],
    [octets[0], n & 0xffffff],
    [n],
  ];
  return fc
    .tuple(
      fc.constantFrom(...forms).chain((parts) => fc.tuple(...parts.map(numberSpelling))),
      fc.boolean(),
    )
    .map(([parts, trailingDot]) => parts.join(".") + (trailingDot ? "." : ""));
};

/** The eight 16-bit groups of an IPv6 address. */
export type Groups = readonly number[];

const group = (value: number, upper: boolean, pad: boolean) => {
  const hex = value.toString(16);
  const text = pad ? hex.padStart(4, "0") : hex;
  return upper ? text.toUpperCase() : text;
};

/** `groups` written full, zero-padded, upper-case, or with the longest zero run (any zero run, really) as `::`. */
export const ipv6Spelling = (groups: Groups) =>
  fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()).map(([upper, pad, compress]) => {
    const parts = groups.map((g) => group(g, upper, pad));
    if (!compress) return parts.join(":");
    const run = longestZeroRun(groups);
    if (!run) return parts.join(":");
    return `${parts.slice(0, run.start).join(":")}::${parts.slice(run.start + run.length).join(":")}`;
  });

function longestZeroRun(groups: Groups): { start: number; length: number } | null {
  let best: { start: number; length: number } | null = null;
  for (let i = 0; i < groups.length; i++) {
    if (groups[i] !== 0) continue;
    let j = i;
    while (j < groups.length && groups[j] === 0) j++;
    if (!best || j - i > best.length) best = { start: i, length: j - i };
    i = j;
  }
  return best;
}

/** A 16-bit group, zero often enough that `::` compression gets exercised. */
const word = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff }));

/** Groups in an IPv6 prefix: the first `bits` of `first` kept, the rest random. */
export const ipv6In = (first: number, bits: number) =>
  fc.tuple(word, fc.array(word, { minLength: 7, maxLength: 7 })).map(([head, rest]) => {
    const mask = (0xffff << (16 - bits)) & 0xffff;
    return [(first & mask) | (head & ~mask & 0xffff), ...rest];
  });

/** Global unicast well away from 2001::/16 and 2002::/16 (Teredo, 6to4, documentation, ORCHID...). */
export const publicIpv6 = fc
  .tuple(fc.oneof(fc.integer({ min: 0x2400, max: 0x25ff }), fc.integer({ min: 0x2800, max: 0x2fff })), fc.array(word, { minLength: 7, maxLength: 7 }))
  .map(([head, rest]) => [head, ...rest]);

/** ::ffff:a.b.c.d with `n`, the IPv4 tail dotted or as two hex groups. */
export const ipv4MappedSpelling = (n: number) =>
  fc.tuple(fc.boolean(), fc.constantFrom("::ffff:", "::FFFF:", "0:0:0:0:0:ffff:", "0000:0000:0000:0000:0000:FFFF:")).map(
    ([dotted, prefix]) => (dotted ? `${prefix}${intToIpv4(n)}` : `${prefix}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`),
  );

/** Alphanumeric chunks joined by single hyphens: never `--`, so never an `xn--` label the IDNA step could refuse. */
const label = fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 1, maxLength: 3 }).map((chunks) => chunks.join("-"));

/** A DNS name with a public-looking TLD: lower/upper-case letters, digits and inner hyphens, never `--`. */
export const publicHostname = fc
  .tuple(
    fc.array(label, { minLength: 1, maxLength: 3 }),
    fc.constantFrom("com", "org", "net", "io", "de", "co.uk", "dev", "app", "xyz", "museum"),
    fc.boolean(),
  )
  .map(([labels, tld, upper]) => {
    const name = `${labels.join(".")}.${tld}`;
    return upper ? name.toUpperCase() : name;
  });
