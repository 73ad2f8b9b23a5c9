// Requests per key in a sliding window; beyond it, 429 with Retry-After in whole seconds. Batch
// routes' default is generous (`--batch-rate-limit` makes it strict); `--rate-limit` limits every
// route. A refused request does not count.
import type { RateLimit } from './limits.js';

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly limit: RateLimit | null) {}

  /** Undefined when allowed; otherwise the seconds to wait. */
  check(who: string, now: number): number | undefined {
    if (!this.limit) return undefined;
    const since = now - this.limit.windowMs;
    const recent = (this.hits.get(who) ?? []).filter((t) => t > since);
    if (recent.length >= this.limit.requests) {
      this.hits.set(who, recent);
      return Math.max(1, Math.ceil((recent[0]! + this.limit.windowMs - now) / 1000));
    }
    recent.push(now);
    this.hits.set(who, recent);
    return undefined;
  }

  reset(): void {
    this.hits.clear();
  }
}
