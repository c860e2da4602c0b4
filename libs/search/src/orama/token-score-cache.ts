import type { AnyOrama } from '@orama/orama';
import { type TokenScores, tokenScores } from './orama-text-scores';

/** Above this many parts in all, the cache starts afresh (12 bytes a part: 12 MB). */
const MAX_PARTS = 1_000_000;

/**
 * The BM25 parts of recent query tokens of one database. Any write changes the statistics every part
 * depends on (record count, average length), so the owner calls `clear` on every write: the cache only
 * serves searches between writes, where people repeat the same popular words.
 */
export class TokenScoreCache {
  private readonly cached = new Map<string, TokenScores>();
  private parts = 0;

  constructor(
    private readonly db: AnyOrama,
    private readonly property: string,
  ) {}

  get(token: string): TokenScores {
    let scores = this.cached.get(token);
    if (!scores) {
      scores = tokenScores(this.db, this.property, token);
      if (this.parts + scores.parts.length > MAX_PARTS) this.clear();
      this.cached.set(token, scores);
      this.parts += scores.parts.length;
    }
    return scores;
  }

  clear(): void {
    this.cached.clear();
    this.parts = 0;
  }
}
