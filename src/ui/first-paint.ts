/**
 * Runs `callback` once the next frame is on screen: an animation frame runs just before the
 * paint, a task queued from it after. Returns a cancel.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * The app's first frame on screen, for work the first screen does not need: Dexie, loaded for
 * the query cache's writes (src/offline/query-persistence.ts), waits for it, so that on a weak
 * line its download does not compete with the screen's own (docs/architecture.md "Bytes on the
 * wire"). The root layout marks it when it first commits.
 */
let painted: () => void = () => undefined;
const firstPaint = new Promise<void>((resolve) => {
  painted = resolve;
});

export function afterFirstPaint(): Promise<void> {
  return firstPaint;
}

/** After the root's first commit. */
export function markFirstPaint(): void {
  afterNextPaint(painted);
}
