// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasUnsavedInput, holdUnsavedInput, waitForStoredInput } from '../../src/lib/unsaved-input';

/**
 * An update never reloads the page while the form holds input not yet stored on the device
 * (docs/architecture.md 2 "Outbox rules", "An update in the middle of the day"): src/app/pwa.ts
 * applyUpdate waits with waitForStoredInput.
 */
describe('input not yet stored holds back a reload', () => {
  const releases: (() => void)[] = [];
  afterEach(() => {
    releases.splice(0).forEach((release) => release());
    vi.useRealTimers();
  });

  it('resolves at once when nothing holds input', async () => {
    await expect(waitForStoredInput(1_000)).resolves.toBe(true);
  });

  it('waits until the holder has stored its input', async () => {
    vi.useFakeTimers();
    let storing = true;
    releases.push(holdUnsavedInput(() => storing));
    expect(hasUnsavedInput()).toBe(true);
    const waited = waitForStoredInput(10_000);
    let done = false;
    void waited.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(done).toBe(false);
    storing = false;
    await vi.advanceTimersByTimeAsync(100);
    await expect(waited).resolves.toBe(true);
  });

  it('gives up, answering false, when the input is never stored (the device refuses it)', async () => {
    vi.useFakeTimers();
    releases.push(holdUnsavedInput(() => true));
    const waited = waitForStoredInput(2_000);
    await vi.advanceTimersByTimeAsync(2_100);
    await expect(waited).resolves.toBe(false);
  });

  it('blurs the field in focus first: a field stores what it holds when it loses focus', async () => {
    const input = document.createElement('input');
    document.body.append(input);
    let holding = false;
    input.addEventListener('focus', () => (holding = true));
    input.addEventListener('blur', () => (holding = false));
    releases.push(holdUnsavedInput(() => holding));
    input.focus();
    expect(hasUnsavedInput()).toBe(true);
    await expect(waitForStoredInput(1_000)).resolves.toBe(true);
    expect(input).not.toHaveFocus();
    input.remove();
  });

  it('a removed holder holds nothing', () => {
    const release = holdUnsavedInput(() => true);
    release();
    expect(hasUnsavedInput()).toBe(false);
  });
});
