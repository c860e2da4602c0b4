// Arrays the hybrid ranking writes per query, kept from one query to the next: a ranking runs to its end
// without awaiting anything, so one set serves every query.

/**
 * Some matches' slots and `base` (every part of the fused score but the vector one), written by a pass over the
 * matches and read by the ranking of them (`rankCandidates`), and that ranking's contenders and their ceilings.
 */
export class MatchParts {
  slots = new Int32Array(1024);
  base = new Float64Array(1024);
  contenders = new Int32Array(1024);
  ceilings = new Float64Array(1024);

  reserve(count: number): void {
    if (count <= this.slots.length) return;
    const size = Math.max(count, this.slots.length * 2);
    this.slots = new Int32Array(size);
    this.base = new Float64Array(size);
    this.contenders = new Int32Array(size);
    this.ceilings = new Float64Array(size);
  }
}

/** The matches with evidence and their leads (`leadsOf`), reused across queries. */
export class EvidenceScores {
  slots = new Int32Array(1024);
  lead = new Float64Array(1024);
  candidates = new Uint32Array(0);
  scratch = { array: new Float64Array(0) };

  reserve(count: number, words: number): void {
    if (count > this.slots.length) {
      const size = Math.max(count, this.slots.length * 2);
      this.slots = new Int32Array(size);
      this.lead = new Float64Array(size);
    }
    if (this.candidates.length < words) this.candidates = new Uint32Array(words);
  }
}
