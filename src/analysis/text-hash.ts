/**
 * A 53-bit string hash (cyrb53): what the site checks keep of a URL or a title between batches instead of the text,
 * and what a page's watched record keeps of its text (watched.ts). Here, below both, so neither imports the other.
 * At 53 bits two of 1,000,000 distinct strings share a hash with a chance of about 1 in 20,000; a 32-bit hash would
 * collide about a hundred times at that size.
 */
export function textHash(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
