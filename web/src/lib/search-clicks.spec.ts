import { describe, expect, it } from 'vitest';
import { withHits } from './search-clicks';

const EVENT = '0b6f3c1e-6a3e-4d47-9a43-2f1c6d1e0a01';

describe('search hits', () => {
  it('tags each item with its search event and its rank across pages', () => {
    const items = [{ _id: 'a' }, { _id: 'b' }];
    expect(withHits(items, EVENT, 1).map((item) => item.hit)).toEqual([
      { eventId: EVENT, recordId: 'a', rank: 1 },
      { eventId: EVENT, recordId: 'b', rank: 2 },
    ]);
    expect(withHits(items, EVENT, 3)[0].hit?.rank).toBe(25);
  });

  it('leaves the items untagged when the answer names no event', () => {
    expect(withHits([{ _id: 'a' }], undefined, 1)).toEqual([{ _id: 'a' }]);
  });
});
