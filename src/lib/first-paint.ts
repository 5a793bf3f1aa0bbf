/**
 * Runs `callback` once the next frame is on screen. An animation frame runs just before a
 * frame's paint, and a task queued from it runs after the paint on the main thread but often
 * before the frame reaches the screen; the following frame's animation frame comes after that.
 * Work started between the two (a chunk or a manifest asked for) was, for Lighthouse, part of
 * what the screen waited for. Returns a cancel.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(callback, 0);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * The app's first frame on screen, for work the first screen does not need: Dexie, loaded for
 * the query cache's writes (src/offline/query-persistence.ts), waits for it, so that on a weak
 * line its download does not compete with the screen's own (docs/performance.md "Bytes on the
 * wire"). The root layout marks it when it first commits. In `src/lib`, not `src/ui`: it has
 * no React, and `src/offline` waits for it but imports nothing of the UI (docs/architecture.md 7).
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
