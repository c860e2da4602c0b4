/** The next page loads once the reader is past 80 % of the content. */
export const SCROLL_THRESHOLD = 0.8;
/** Scroll events are looked at no more than once every 150 ms. */
export const SCROLL_THROTTLE_MS = 150;

export interface ScrollPosition {
  scrollTop: number;
  viewportHeight: number;
  contentHeight: number;
}

/** True once the bottom of the viewport is past the threshold share of the content. */
export const isPastThreshold = (
  { scrollTop, viewportHeight, contentHeight }: ScrollPosition,
  threshold = SCROLL_THRESHOLD,
): boolean => scrollTop + viewportHeight >= contentHeight * threshold;

export const windowScrollPosition = (): ScrollPosition => ({
  scrollTop: window.scrollY,
  viewportHeight: window.innerHeight,
  contentHeight: document.documentElement.scrollHeight,
});

export interface Throttled {
  (): void;
  cancel(): void;
}

/**
 * Runs `run` at once, then at most once per `intervalMs`. Calls in between are folded into one
 * trailing run, so the position where the reader stopped is always looked at.
 */
export const throttle = (run: () => void, intervalMs: number): Throttled => {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const throttled = () => {
    const wait = last + intervalMs - Date.now();
    if (wait <= 0) {
      last = Date.now();
      run();
    } else if (timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        run();
      }, wait);
    }
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
};
