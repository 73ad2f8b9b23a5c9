// Deterministic randomness for the demo data. Every generated record is a pure function of
// (seed, index), so 100000 interns cost nothing until one is asked for, and the same seed
// always yields the same ids, names and timestamps on every machine.

/** A 32-bit integer hash (the finaliser of MurmurHash3): spreads neighbouring inputs apart. */
export function hash32(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A string as a 32-bit number, to derive a stream per purpose ("intern", "secret", ...). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A small, fast generator (mulberry32); good enough for demo data, not for anything secret. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** An unsigned 32-bit integer. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)]!;
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) out += this.next().toString(16).padStart(8, '0');
    return out.slice(0, length);
  }

  /** A version-4-shaped UUID. */
  uuid(): string {
    const h = this.hex(32);
    const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  /** Characters drawn from an alphabet. */
  chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.float() * alphabet.length)];
    return out;
  }
}

/** A generator for one purpose and one index: `rngFor(seed, 'intern', 42)`. */
export function rngFor(seed: number, purpose: string, index = 0): Rng {
  return new Rng(hash32(seed, hashString(purpose), index));
}
