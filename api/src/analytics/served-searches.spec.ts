import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sampleSearchEvent } from './search-event.testing';
import { SERVED_RESULTS_KEPT, ServedSearches } from './served-searches';

const AT = '2031-05-04T10:00:00.000Z';
const FIRST = '64b000000000000000000001';
const SECOND = '64b000000000000000000002';

/** A page 2 answer: its two results sit at ranks 13 and 14. */
const pageTwo = (eventId = randomUUID()) =>
  sampleSearchEvent(AT, {
    eventId,
    page: 2,
    results: [
      { id: FIRST, rank: 13, fused: 2 },
      { id: SECOND, rank: 14, fused: 1 },
    ],
  });

describe('ServedSearches', () => {
  const home = { address: '10.0.0.1' };

  it('counts a click on a served result at its rank, once', () => {
    const served = new ServedSearches();
    const event = pageTwo();
    served.remember(event, home);
    expect(served.claim({ eventId: event.eventId, recordId: SECOND, rank: 14 }, home)).toBe(true);
    expect(served.claim({ eventId: event.eventId, recordId: SECOND, rank: 14 }, home)).toBe(false);
    expect(served.claim({ eventId: event.eventId, recordId: FIRST, rank: 13 }, home)).toBe(true);
  });

  it.each([
    ['another rank', { recordId: SECOND, rank: 13 }],
    ['a rank past the page', { recordId: SECOND, rank: 15 }],
    ['a rank before the page', { recordId: FIRST, rank: 1 }],
    ['a record not shown', { recordId: 'aaaaaaaaaaaaaaaaaaaaaaaa', rank: 13 }],
  ])('does not count a click naming %s', (_name, click) => {
    const served = new ServedSearches();
    const event = pageTwo();
    served.remember(event, home);
    expect(served.claim({ eventId: event.eventId, ...click }, home)).toBe(false);
  });

  it('counts clicks from the address or the account that searched, not from others', () => {
    const served = new ServedSearches();
    const event = pageTwo();
    served.remember(event, { userId: 'ada', address: '10.0.0.1' });
    const click = (recordId: string, rank: number) => ({ eventId: event.eventId, recordId, rank });
    expect(served.claim(click(FIRST, 13), { address: '10.0.0.2' })).toBe(false);
    expect(served.claim(click(FIRST, 13), { userId: 'bob', address: '10.0.0.2' })).toBe(false);
    expect(served.claim(click(FIRST, 13), { userId: 'ada', address: '10.0.0.2' })).toBe(true);
    expect(served.claim(click(SECOND, 14), { address: '10.0.0.1' })).toBe(true);
  });

  it('does not take an anonymous search for a signed-in one', () => {
    const served = new ServedSearches();
    const event = pageTwo();
    served.remember(event, { address: '10.0.0.1' });
    expect(served.claim({ eventId: event.eventId, recordId: FIRST, rank: 13 }, { address: '10.0.0.2' })).toBe(
      false,
    );
  });

  it(`keeps at most ${SERVED_RESULTS_KEPT} shown results, dropping the least recently served pages`, () => {
    const served = new ServedSearches();
    const oldest = pageTwo();
    served.remember(oldest, home);
    // Pages of two results each, one more than the bound holds along with the oldest.
    for (let n = 0; n < SERVED_RESULTS_KEPT / 2; n += 1) served.remember(pageTwo(), home);
    expect(served.claim({ eventId: oldest.eventId, recordId: FIRST, rank: 13 }, home)).toBe(false);
    const newest = pageTwo();
    served.remember(newest, home);
    expect(served.claim({ eventId: newest.eventId, recordId: FIRST, rank: 13 }, home)).toBe(true);
  });

  it('keeps nothing for an answer that showed nothing', () => {
    const served = new ServedSearches();
    const empty = sampleSearchEvent(AT, { eventId: randomUUID(), results: [], returned: [], rank: [] });
    served.remember(empty, home);
    expect(served.claim({ eventId: empty.eventId, recordId: FIRST, rank: 1 }, home)).toBe(false);
  });
});
