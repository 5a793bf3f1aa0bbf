// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE, filterByName } from '../../src/domain/paging';
import { parseFlags } from '../../src/lib/feature-flags';
import {
  MAX_VISIBLE_TOASTS,
  clearToasts,
  dismissToast,
  showToast,
  useToasts,
  visibleToasts,
  type Toast,
} from '../../src/ui/toasts';

function cookies(values: Record<string, string>): (name: string) => string | null {
  return (name) => (name in values ? values[name]! : null);
}

describe('parseFlags (feature flag cookies)', () => {
  it('has the defaults without cookies: no fake copy, log level 3, API version 1', () => {
    expect(parseFlags(() => null)).toEqual({ fakeCopy: false, logLevel: 3, apiVersion: 1 });
  });

  it('reads flag-fake_copy', () => {
    expect(parseFlags(cookies({ 'flag-fake_copy': 'true' })).fakeCopy).toBe(true);
    expect(parseFlags(cookies({ 'flag-fake_copy': 'false' })).fakeCopy).toBe(false);
    expect(parseFlags(cookies({ 'flag-fake_copy': '' })).fakeCopy).toBe(false);
    expect(parseFlags(cookies({ 'flag-fake_copy': 'yes' })).fakeCopy).toBe(false);
  });

  it('reads every log level 0 to 5', () => {
    for (const level of [0, 1, 2, 3, 4, 5]) {
      expect(parseFlags(cookies({ 'flag-log_level': String(level) })).logLevel).toBe(level);
    }
  });

  it('falls back to log level 3 for values that are not a level', () => {
    for (const value of ['6', '-1', '2.5', 'debug', 'NaN', 'Infinity']) {
      expect(parseFlags(cookies({ 'flag-log_level': value })).logLevel).toBe(3);
    }
  });

  it('treats an empty flag-log_level cookie as unset (level 3), not as 0 (trace)', () => {
    expect(parseFlags(cookies({ 'flag-log_level': '' })).logLevel).toBe(3);
    expect(parseFlags(cookies({ 'flag-log_level': ' ' })).logLevel).toBe(3);
  });

  it('reads API versions 1, 1.5 and 2', () => {
    expect(parseFlags(cookies({ 'flag-api_version': '1' })).apiVersion).toBe(1);
    expect(parseFlags(cookies({ 'flag-api_version': '1.5' })).apiVersion).toBe(1.5);
    expect(parseFlags(cookies({ 'flag-api_version': '2' })).apiVersion).toBe(2);
  });

  it('falls back to API version 1 for anything else', () => {
    for (const value of ['0', '3', '1.2', 'v2', '', 'abc']) {
      expect(parseFlags(cookies({ 'flag-api_version': value })).apiVersion).toBe(1);
    }
  });

  it('reads the flags independently of each other', () => {
    expect(
      parseFlags(cookies({ 'flag-fake_copy': 'true', 'flag-log_level': '1', 'flag-api_version': '1.5' })),
    ).toEqual({ fakeCopy: true, logLevel: 1, apiVersion: 1.5 });
  });
});

function toast(id: string, priority: number, createdAt: number): Toast {
  return { id, message: id, kind: 'info', priority, createdAt };
}

describe('visibleToasts (docs/product.md 4 and 9: at most 5, by priority)', () => {
  it('shows at most 5', () => {
    expect(MAX_VISIBLE_TOASTS).toBe(5);
    const all = Array.from({ length: 8 }, (_, i) => toast(`t${i}`, 0, i));
    expect(visibleToasts(all)).toHaveLength(5);
    expect(visibleToasts(all.slice(0, 3))).toHaveLength(3);
    expect(visibleToasts([])).toEqual([]);
  });

  it('orders by priority, highest first', () => {
    const all = [toast('low', 0, 1), toast('high', 10, 2), toast('mid', 5, 3)];
    expect(visibleToasts(all).map((t) => t.id)).toEqual(['high', 'mid', 'low']);
  });

  it('shows the newest first among equal priorities', () => {
    const all = [toast('old', 1, 100), toast('newest', 1, 300), toast('middle', 1, 200)];
    expect(visibleToasts(all).map((t) => t.id)).toEqual(['newest', 'middle', 'old']);
  });

  it('keeps a high-priority old toast over newer low-priority ones', () => {
    const all = [toast('error', 10, 1), ...Array.from({ length: 6 }, (_, i) => toast(`info${i}`, 0, 10 + i))];
    expect(visibleToasts(all).map((t) => t.id)).toEqual(['error', 'info5', 'info4', 'info3', 'info2']);
  });

  it('does not change the list it is given', () => {
    const all = [toast('a', 0, 1), toast('b', 1, 2)];
    const copy = [...all];
    visibleToasts(all);
    expect(all).toEqual(copy);
  });
});

describe('toast store', () => {
  afterEach(() => {
    act(() => clearToasts());
    vi.useRealTimers();
  });

  it('shows the 5 newest of toasts shown in the same millisecond', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    act(() => {
      for (let i = 1; i <= 7; i++) showToast({ id: `n${i}`, message: `Besked ${i}`, kind: 'info' });
    });
    expect(result.current).toHaveLength(7);
    expect(visibleToasts(result.current).map((t) => t.id)).toEqual(['n7', 'n6', 'n5', 'n4', 'n3']);
  });

  it('showing a toast with an id that is shown replaces it', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      showToast({ id: 'copy', message: 'Kopierer', kind: 'info' });
      showToast({ id: 'copy', message: 'Kopieret', kind: 'success' });
    });
    expect(result.current).toHaveLength(1);
    expect(result.current[0]!.message).toBe('Kopieret');
  });

  it('closes a toast by itself after its time-out', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    act(() => {
      showToast({ id: 'paste', message: '3 boliger', kind: 'success', autoClose: 3000 });
      showToast({ id: 'stay', message: 'Bliver', kind: 'info' });
    });
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current.map((t) => t.id)).toEqual(['paste', 'stay']);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.map((t) => t.id)).toEqual(['stay']);
  });

  it('dismissToast removes one toast', () => {
    const { result } = renderHook(() => useToasts());
    let id = '';
    act(() => {
      id = showToast({ message: 'a', kind: 'info' });
      showToast({ message: 'b', kind: 'info' });
    });
    act(() => dismissToast(id));
    expect(result.current.map((t) => t.message)).toEqual(['b']);
  });

  it('clearToasts removes every toast and their time-outs (logout, docs/product.md 4)', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    act(() => {
      showToast({ message: 'a', kind: 'info', autoClose: 1000 });
      showToast({ message: 'b', kind: 'error', priority: 5 });
    });
    expect(result.current).toHaveLength(2);
    act(() => clearToasts());
    expect(result.current).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('filterByName and page size', () => {
  const organizations = [
    { name: 'Æblehaven Boligforening' },
    { name: 'Østerbro Bolig' },
    { name: 'Åbyhøj Andelsbolig' },
    { name: 'Søndergården' },
    { name: 'Vesterport' },
  ];
  const name = (o: { name: string }) => o.name;

  it('is case-insensitive with Danish letters', () => {
    expect(filterByName(organizations, 'æble', name).map(name)).toEqual(['Æblehaven Boligforening']);
    expect(filterByName(organizations, 'ØSTER', name).map(name)).toEqual(['Østerbro Bolig']);
    expect(filterByName(organizations, 'åbyHØJ', name).map(name)).toEqual(['Åbyhøj Andelsbolig']);
    expect(filterByName(organizations, 'SØNDERGÅRDEN', name).map(name)).toEqual(['Søndergården']);
  });

  it('matches anywhere in the name', () => {
    expect(filterByName(organizations, 'bolig', name).map(name)).toEqual([
      'Æblehaven Boligforening',
      'Østerbro Bolig',
      'Åbyhøj Andelsbolig',
    ]);
  });

  it('ignores surrounding spaces and returns everything for an empty query', () => {
    expect(filterByName(organizations, '  vester  ', name).map(name)).toEqual(['Vesterport']);
    const all = filterByName(organizations, '   ', name);
    expect(all).toEqual(organizations);
    expect(all).not.toBe(organizations);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterByName(organizations, 'aeble', name)).toEqual([]);
  });

  it('pages by 21 (docs/product.md 9)', () => {
    expect(PAGE_SIZE).toBe(21);
  });
});
