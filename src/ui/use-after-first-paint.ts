import { useEffect, useState } from 'react';

/**
 * False until the screen's first frame is on screen, then true. The form mounts what is not
 * seen at first (its closed dialogs) only then: each closed Mantine dialog still mounts a portal,
 * scroll lock, focus handling and transition, and on a slow phone that work in the first commit
 * held back the question's first paint (docs/architecture.md "Bytes on the wire").
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
