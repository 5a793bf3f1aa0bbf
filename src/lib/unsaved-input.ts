/**
 * Places that hold input not yet stored on the device (docs/architecture.md 2, "An update in the
 * middle of the day"): a number still settling, a comment still in its debounce, an answer
 * being written to the outbox. A new release reloads the page only once none does.
 */
const holders = new Set<() => boolean>();

/** Registers a check; returns its removal (a component's effect cleanup). */
export function holdUnsavedInput(isHolding: () => boolean): () => void {
  holders.add(isHolding);
  return () => holders.delete(isHolding);
}

export function hasUnsavedInput(): boolean {
  for (const isHolding of holders) if (isHolding()) return true;
  return false;
}

/**
 * Resolves true once nothing holds unsaved input, false if something still does after `timeoutMs`
 * (the device refuses to store it: then the page must not reload). The field in focus is blurred
 * first: the form's fields store what they hold when they lose focus.
 */
export async function waitForStoredInput(timeoutMs: number, pollMs = 50): Promise<boolean> {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  if (active instanceof HTMLElement) active.blur();
  const deadline = Date.now() + timeoutMs;
  while (hasUnsavedInput()) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return true;
}
