import { useEffect, useState } from 'react';
import { afterNextPaint } from '../lib/first-paint';

/**
 * False until the screen's first frame is on screen, then true. What is not seen at first mounts
 * only then: the form's closed dialogs (each still mounts a portal, scroll lock, focus handling
 * and transition) and the header's outbox indicator (it loads Dexie); on a slow phone that work,
 * or that download, held back the screen's first paint (docs/performance.md "Bytes on the wire").
 * Counted from this component's mount, not the app's first paint (`afterFirstPaint`): a screen
 * opened later has a first frame of its own to keep light.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
