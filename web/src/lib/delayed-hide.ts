export type Visibility = 'shown' | 'hiding' | 'hidden';

export interface DelayedHideOptions {
  /** How long the element stays fully shown after the pointer leaves. */
  hideAfterMs: number;
  /** How long the hiding transition runs before the element leaves the DOM. */
  removeAfterMs: number;
  onChange(visibility: Visibility): void;
}

/**
 * Hover-driven visibility: shown at once, then after a pause "hiding" (fading out) and finally
 * "hidden". Coming back during either pause keeps it shown.
 */
export const createDelayedHide = ({ hideAfterMs, removeAfterMs, onChange }: DelayedHideOptions) => {
  let visibility: Visibility = 'hidden';
  let timer: ReturnType<typeof setTimeout> | undefined;

  const set = (next: Visibility) => {
    if (next === visibility) return;
    visibility = next;
    onChange(next);
  };
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  return {
    get visibility() {
      return visibility;
    },
    show() {
      cancel();
      set('shown');
    },
    scheduleHide() {
      if (visibility === 'hidden') return;
      cancel();
      timer = setTimeout(() => {
        set('hiding');
        timer = setTimeout(() => {
          timer = undefined;
          set('hidden');
        }, removeAfterMs);
      }, hideAfterMs);
    },
    hideNow() {
      cancel();
      set('hidden');
    },
    dispose: cancel,
  };
};
