import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDelayedHide, type Visibility } from './delayed-hide';

describe('createDelayedHide', () => {
  let changes: Visibility[];
  const make = () =>
    createDelayedHide({ hideAfterMs: 300, removeAfterMs: 500, onChange: (next) => changes.push(next) });

  beforeEach(() => {
    vi.useFakeTimers();
    changes = [];
  });
  afterEach(() => vi.useRealTimers());

  it('starts hiding 300 ms after leaving and is gone 500 ms after that', () => {
    const menu = make();
    menu.show();
    menu.scheduleHide();
    vi.advanceTimersByTime(299);
    expect(menu.visibility).toBe('shown');
    vi.advanceTimersByTime(1);
    expect(menu.visibility).toBe('hiding');
    vi.advanceTimersByTime(499);
    expect(menu.visibility).toBe('hiding');
    vi.advanceTimersByTime(1);
    expect(menu.visibility).toBe('hidden');
    expect(changes).toEqual(['shown', 'hiding', 'hidden']);
  });

  it('stays shown when the pointer comes back while it is hiding', () => {
    const menu = make();
    menu.show();
    menu.scheduleHide();
    vi.advanceTimersByTime(400);
    menu.show();
    vi.advanceTimersByTime(2_000);
    expect(menu.visibility).toBe('shown');
    expect(changes).toEqual(['shown', 'hiding', 'shown']);
  });

  it('hides at once on request and ignores leaving when already hidden', () => {
    const menu = make();
    menu.scheduleHide();
    expect(vi.getTimerCount()).toBe(0);
    menu.show();
    menu.scheduleHide();
    menu.hideNow();
    expect(menu.visibility).toBe('hidden');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops its timers when disposed', () => {
    const menu = make();
    menu.show();
    menu.scheduleHide();
    menu.dispose();
    vi.advanceTimersByTime(1_000);
    expect(menu.visibility).toBe('shown');
  });
});
