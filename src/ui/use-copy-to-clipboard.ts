import { useCallback, useState } from 'react';

/** idle: not tried yet; copied: on the clipboard; refused: the browser would not (say how else). */
export type CopyState = 'idle' | 'copied' | 'refused';

/**
 * Copies a text to the clipboard. The clipboard may be refused (an insecure origin, a permission,
 * no clipboard at all): the state says so, and the screen tells the person to copy it by hand.
 */
export function useCopyToClipboard() {
  const [state, setState] = useState<CopyState>('idle');
  const copy = useCallback(async (text: string) => {
    try {
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('refused');
    }
  }, []);
  return { state, copy };
}
