import { useEffect, useState } from 'react';

/**
 * False until the screen's first frame is on screen, then true. What is not seen at first mounts
 * only then: the form's closed dialogs (each still mounts a portal, scroll lock, focus handling
 * and transition) and the header's outbox indicator (it loads Dexie); on a slow phone that work,
 * or that download, held back the screen's first paint (docs/architecture.md "Bytes on the wire").
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // An animation frame runs just before the next paint; a task queued from it runs after.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
