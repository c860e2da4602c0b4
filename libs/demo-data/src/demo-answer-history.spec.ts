import { answerRateLine, answerRateOf } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { generateDemoAnswerHistory } from './demo-answer-history';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const users = Array.from({ length: 200 }, (_, at) => ({ _id: at.toString(16).padStart(24, '0') }));

describe('the demo answer history', () => {
  it('gives most people a rate, spread from quick answerers to rare ones, the same for the same seed', async () => {
    const rows = await generateDemoAnswerHistory({ seed: 7, users, now: NOW });
    expect(await generateDemoAnswerHistory({ seed: 7, users, now: NOW })).toEqual(rows);
    const lines = users
      .map((user) =>
        answerRateOf(
          rows.filter((row) => row.userId === user._id),
          new Date(NOW),
        ),
      )
      .filter((rate) => rate !== undefined)
      .map(answerRateLine);
    expect(lines.length).toBeGreaterThan(users.length / 2);
    expect(lines.length).toBeLessThan(users.length);
    const kinds = new Set(lines.map((line) => (line.startsWith('Answers') ? 'Answers N%' : line)));
    expect(kinds).toEqual(
      new Set([
        'Usually answers within an hour',
        'Usually answers within a few hours',
        'Usually answers within a day',
        'Usually answers within 3 days',
        'Answers N%',
      ]),
    );
  });
});
