import { describe, expect, it } from 'vitest';
import { REPORT_TEXT_MAX_LENGTH } from '../trust';
import { reportSchema } from './report.schema';

const ID = '0123456789abcdef01234567';
const messageOf = (input: unknown) => {
  const result = reportSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('reportSchema', () => {
  it('accepts each kind and reason, trims the text and defaults it to empty', () => {
    expect(reportSchema.parse({ targetKind: 'comment', targetId: ID, reason: 'harassment' })).toEqual({
      targetKind: 'comment',
      targetId: ID,
      reason: 'harassment',
      text: '',
    });
    expect(
      reportSchema.parse({ targetKind: 'conversation', targetId: ID, reason: 'other', text: '  why  ' }).text,
    ).toBe('why');
  });

  it('refuses unknown kinds and reasons, malformed ids, long texts and extra fields with a message', () => {
    const valid = { targetKind: 'post', targetId: ID, reason: 'spam' };
    expect(messageOf({ ...valid, targetKind: 'user' })).toBe(
      'targetKind must be one of: profile, project, post, comment, conversation',
    );
    expect(messageOf({ ...valid, reason: 'boring' })).toMatch(/^reason must be one of: spam, scam/);
    expect(messageOf({ ...valid, targetId: 'abc' })).toBe('Malformed id');
    expect(messageOf({ ...valid, text: 'x'.repeat(REPORT_TEXT_MAX_LENGTH + 1) })).toBe(
      `The report text must be at most ${REPORT_TEXT_MAX_LENGTH} characters`,
    );
    expect(messageOf({ ...valid, reporterId: ID })).toMatch(/reporterId/);
  });
});
