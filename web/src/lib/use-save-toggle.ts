import type { SavedKind } from '@skillers/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { setSaved } from './listings-api';

/** The spec only logs these failures; a short polite line tells the user too (docs/web-app.md, "Polite failures"). */
export const SAVE_FAILED = "We couldn't save this right now. Please try again.";
export const FORGET_FAILED = "We couldn't forget this right now. Please try again.";

/** Saved or not, starting from what the API said and following the user's Save and Forget. */
export const useSaveToggle = (kind: SavedKind, id: string, savedInitially: boolean) => {
  const [saved, setSavedNow] = useState<boolean | null>(null);
  const toggle = useMutation({
    mutationFn: (next: boolean) => setSaved(kind, id, next),
    onSuccess: (next) => setSavedNow(next),
  });
  const current = saved ?? savedInitially;
  return {
    saved: current,
    busy: toggle.isPending,
    error: toggle.isError ? (toggle.variables ? SAVE_FAILED : FORGET_FAILED) : null,
    toggle: () => toggle.mutate(!current),
  };
};
