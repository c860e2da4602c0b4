import { describe, expect, it } from 'vitest';
import { answerRankFactor, answerRateLine, answerRateOf, answerRatesQuerySchema } from './answer-rate';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const hoursBefore = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();
/** A contact received `ago` hours before now and answered `after` hours later (none when undefined). */
const contact = (ago: number, after?: number) => ({
  receivedAt: hoursBefore(ago),
  ...(after !== undefined && { answeredAt: hoursBefore(ago - after) }),
});

describe('answerRateOf', () => {
  it('gives the share answered within 3 days and the median time to answer', () => {
    const rate = answerRateOf(
      [contact(100, 1), contact(200, 2), contact(300, 30), contact(400), contact(500, 80)],
      NOW,
    );
    // 80 hours is past the 3 days: answered, but too late to count.
    expect(rate).toEqual({ contacts: 5, answered: 3 / 5, medianMinutes: 120 });
  });

  it('says nothing under 5 contacts', () => {
    expect(
      answerRateOf([contact(100, 1), contact(200, 1), contact(300, 1), contact(400, 1)], NOW),
    ).toBeUndefined();
  });

  it('leaves out contacts older than 90 days, and unanswered ones still inside their 3 days', () => {
    const old = contact(91 * 24, 1);
    const waiting = contact(10);
    const rest = [contact(100, 4), contact(200, 4), contact(300, 4), contact(400, 4), contact(500)];
    expect(answerRateOf([old, waiting, ...rest], NOW)).toEqual({
      contacts: 5,
      answered: 4 / 5,
      medianMinutes: 240,
    });
    // The same waiting contact, 3 days on, counts as unanswered.
    const later = new Date(NOW.getTime() + 3 * 24 * 3_600_000);
    expect(answerRateOf([waiting, ...rest], later)?.contacts).toBe(6);
  });

  it('a contact answered after now (a clock moved back) counts as not answered yet', () => {
    const rate = answerRateOf(
      [contact(100, 200), contact(200, 1), contact(300, 1), contact(400, 1), contact(500, 1)],
      NOW,
    );
    expect(rate).toEqual({ contacts: 5, answered: 4 / 5, medianMinutes: 60 });
  });
});

describe('answerRateLine', () => {
  it('names the usual time when most are answered, and the share when not', () => {
    expect(answerRateLine({ contacts: 5, answered: 0.8, medianMinutes: 40 })).toBe(
      'Usually answers within an hour',
    );
    expect(answerRateLine({ contacts: 5, answered: 0.8, medianMinutes: 300 })).toBe(
      'Usually answers within a few hours',
    );
    expect(answerRateLine({ contacts: 5, answered: 0.6, medianMinutes: 1_000 })).toBe(
      'Usually answers within a day',
    );
    expect(answerRateLine({ contacts: 5, answered: 0.6, medianMinutes: 2_000 })).toBe(
      'Usually answers within 3 days',
    );
    expect(answerRateLine({ contacts: 10, answered: 0.2, medianMinutes: 30 })).toBe(
      'Answers 20% of first contacts',
    );
    expect(answerRateLine({ contacts: 5, answered: 0, medianMinutes: null })).toBe(
      'Answers 0% of first contacts',
    );
  });
});

describe('answerRatesQuerySchema', () => {
  it('takes comma-separated ids, once each, and refuses malformed ones or too many', () => {
    const id = 'a'.repeat(24);
    expect(answerRatesQuerySchema.parse({ userIds: `${id},${id}` })).toEqual({ userIds: [id] });
    expect(answerRatesQuerySchema.safeParse({ userIds: 'nope' }).success).toBe(false);
    const many = Array.from({ length: 51 }, (_, at) => at.toString(16).padStart(24, '0')).join(',');
    expect(answerRatesQuerySchema.safeParse({ userIds: many }).success).toBe(false);
    expect(answerRatesQuerySchema.safeParse({}).success).toBe(false);
  });
});

describe('answerRankFactor', () => {
  it('keeps a sure answerer whole, takes 15% from one who never answers, and half that from the unknown', () => {
    expect(answerRankFactor({ contacts: 5, answered: 1, medianMinutes: 10 })).toBe(1);
    expect(answerRankFactor({ contacts: 5, answered: 0, medianMinutes: null })).toBeCloseTo(0.85);
    expect(answerRankFactor(undefined)).toBeCloseTo(0.925);
  });
});
