import { beforeEach, expect, it } from 'vitest';
import type { SearchIndex } from '../search-index.port';
import { type ContractSubject, plain, searchDocument, searchQuery } from './search-fixtures.contract';

/** Number and time filters: availability, duration, business share, deadlines, activity and openness. */
export const describeNumberFiltersContract = (subject: ContractSubject): void => {
  let index: SearchIndex;
  const { ids } = subject;
  beforeEach(() => {
    index = subject.index;
  });

  it('filters availability "Up to" and "At least", never matching records without hours', async () => {
    const [none, zero, ten, twenty, forty] = [undefined, 0, 10, 20, 40].map((availability) =>
      searchDocument({ numbers: { availability } }),
    );
    await index.upsert([none, zero, ten, twenty, forty]);
    const upTo = await index.search(searchQuery({ availability: { mode: 'upTo', hours: 20 } }));
    expect(plain(upTo)).toEqual({ ids: [twenty.id, ten.id], scores: [1, 1], total: 2 });
    expect(await ids({ availability: { mode: 'atLeast', hours: 20 } })).toEqual([forty.id, twenty.id]);
    expect(await ids({ availability: { mode: 'upTo', hours: 0 } })).toHaveLength(5);
  });

  it('filters the collaboration duration: at least the asked months', async () => {
    const [none, three, six] = [undefined, 3, 6].map((durationMonths) =>
      searchDocument({ numbers: { durationMonths } }),
    );
    await index.upsert([none, three, six]);
    expect(await ids({ durationMonths: 3 })).toEqual([six.id, three.id]);
    expect(await ids({ durationMonths: 6 })).toEqual([six.id]);
  });

  it('filters the business share within 20 points, ends included', async () => {
    const docs = [undefined, 29, 30, 50, 70, 71].map((bizRole) => searchDocument({ numbers: { bizRole } }));
    await index.upsert(docs);
    expect(await ids({ bizRole: 50 })).toEqual([docs[4].id, docs[3].id, docs[2].id]);
  });

  it('filters deadlines on or after the asked day, never matching unset ones', async () => {
    const docs = [
      undefined,
      '1970-01-01T00:00:00.000Z',
      '2030-06-14T23:00:00.000Z',
      '2030-06-15T08:00:00.000Z',
      '2031-01-01',
    ].map((deadline) => searchDocument({ kind: 'project', numbers: { deadline } }));
    await index.upsert(docs);
    expect(await ids({ kind: 'project', deadline: '2030-06-15' })).toEqual([docs[4].id, docs[3].id]);
    expect(await ids({ kind: 'project', deadline: '1970-01-01' })).toHaveLength(5);
  });

  it('filters "Active within": last active at or after the moment, never matching records without it', async () => {
    const docs = [
      undefined,
      '2026-01-31T23:59:59.999Z',
      '2026-02-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ].map((lastActiveAt) => searchDocument({ ...(lastActiveAt && { lastActiveAt }) }));
    await index.upsert(docs);
    expect(await ids({ activeSince: '2026-02-01T00:00:00.000Z' })).toEqual([docs[3].id, docs[2].id]);
    expect(await ids({ activeSince: '2026-04-01T00:00:00.000Z' })).toEqual([]);
  });

  it('filters "Open only": open until after the moment; closed records never match', async () => {
    const [closed, lapsed, open] = [undefined, '2026-03-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z'].map(
      (openUntil) => searchDocument({ ...(openUntil && { openUntil }) }),
    );
    await index.upsert([closed, lapsed, open]);
    expect(await ids({ openAt: '2026-03-01T00:00:00.000Z' })).toEqual([open.id]);
    expect(await ids({ openAt: '2026-02-01T00:00:00.000Z' })).toEqual([open.id, lapsed.id]);
    const both = await index.search(
      searchQuery({ openAt: '2026-03-01T00:00:00.000Z', activeSince: '2026-01-01T00:00:00.000Z' }),
    );
    expect(both.total).toBe(0);
  });
};
