import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that shows for a fixed time, then disappears on its own. */
export const useFlash = (durationMs: number): [string | null, (message: string) => void] => {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback(
    (next: string) => {
      clearTimeout(timer.current);
      setMessage(next);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show];
};
