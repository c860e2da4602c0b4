import { describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZE, MAX_PAGE, pageCount, pageWindow } from '../pagination';
import { PAGE_MESSAGE, pageQuerySchema } from './page.schema';

describe('pageQuerySchema', () => {
  it('defaults to page 1 and reads whole numbers', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1 });
    expect(pageQuerySchema.parse({ page: '3' })).toEqual({ page: 3 });
    expect(pageQuerySchema.parse({ page: String(MAX_PAGE), other: 'ignored' })).toEqual({ page: MAX_PAGE });
  });

  it.each(['0', '-1', '1.5', 'abc', '', ' 2', '1e3', String(MAX_PAGE + 1), '99999999999999999999'])(
    'rejects page=%j',
    (page) => {
      const result = pageQuerySchema.safeParse({ page });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(PAGE_MESSAGE);
    },
  );

  it('rejects a repeated page parameter', () => {
    expect(pageQuerySchema.safeParse({ page: ['1', '2'] }).error?.issues[0]?.message).toBe(PAGE_MESSAGE);
  });
});

describe('page arithmetic', () => {
  it('has at least one page and rounds up', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(1)).toBe(1);
    expect(pageCount(LIST_PAGE_SIZE)).toBe(1);
    expect(pageCount(LIST_PAGE_SIZE + 1)).toBe(2);
    expect(pageWindow(3)).toEqual({ skip: 2 * LIST_PAGE_SIZE, limit: LIST_PAGE_SIZE });
  });
});
