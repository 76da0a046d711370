/**
 * MurmurHash2, 32-bit, seed 0, over the UTF-8 bytes of a key: the hash nginx's
 * `split_clients` uses (ngx_murmur_hash2), so that the app and an nginx in front of it can
 * put the same visitor in the same variant.
 */
export function murmurHash2(key: string): number {
  const data = new TextEncoder().encode(key);
  const m = 0x5bd1e995;
  let length = data.length;
  let h = (0 ^ length) >>> 0;
  let i = 0;
  while (length >= 4) {
    let k = data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24);
    k = Math.imul(k, m);
    k ^= k >>> 24;
    k = Math.imul(k, m);
    h = Math.imul(h, m) ^ k;
    i += 4;
    length -= 4;
  }
  // The tail's bytes, last first, as the reference falls through its switch.
  if (length === 3) h ^= data[i + 2]! << 16;
  if (length >= 2) h ^= data[i + 1]! << 8;
  if (length >= 1) {
    h ^= data[i]!;
    h = Math.imul(h, m);
  }
  h ^= h >>> 13;
  h = Math.imul(h, m);
  h ^= h >>> 15;
  return h >>> 0;
}
