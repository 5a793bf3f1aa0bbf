import { Notification, Stack } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/use-translation';
import classes from './toasts.module.css';

/** docs/product.md 4 and 9: at most 5 toasts visible, ordered by priority, optional time-out. */
export const MAX_VISIBLE_TOASTS = 5;

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  id: string;
  message: string;
  title?: string;
  kind: ToastKind;
  /** Higher first; equal priority: newest first. */
  priority: number;
  /** Milliseconds until it closes by itself; undefined keeps it until dismissed. */
  autoClose?: number;
  createdAt: number;
  /** Order of showing: breaks ties within one millisecond (newest first). */
  sequence?: number;
}

let toasts: Toast[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit() {
  listeners.forEach((l) => l());
}

export function visibleToasts(all: readonly Toast[]): Toast[] {
  return [...all]
    .sort(
      (a, b) => b.priority - a.priority || b.createdAt - a.createdAt || (b.sequence ?? 0) - (a.sequence ?? 0),
    )
    .slice(0, MAX_VISIBLE_TOASTS);
}

export function showToast(
  toast: Omit<Toast, 'id' | 'createdAt' | 'priority'> & { id?: string; priority?: number },
): string {
  const sequence = ++counter;
  const id = toast.id ?? `toast-${sequence}`;
  dismissToast(id);
  toasts = [...toasts, { priority: 0, ...toast, id, createdAt: Date.now(), sequence }];
  if (toast.autoClose)
    timers.set(
      id,
      setTimeout(() => dismissToast(id), toast.autoClose),
    );
  emit();
  return id;
}

export function dismissToast(id: string): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  if (toasts.some((t) => t.id === id)) {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }
}

/** Logout clears every toast (docs/product.md 4). */
export function clearToasts(): void {
  timers.forEach(clearTimeout);
  timers.clear();
  toasts = [];
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, () => toasts);
}

const COLORS: Record<ToastKind, string> = { info: 'blue', success: 'green', warning: 'yellow', error: 'red' };

export function ToastRegion() {
  const t = useTranslation();
  const visible = visibleToasts(useToasts());
  return (
    <section className={classes.region} aria-label={t('a11y.notifications')} data-print="hide">
      <Stack gap="xs">
        {visible.map((toast) => (
          <Notification
            key={toast.id}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            color={COLORS[toast.kind]}
            title={toast.title}
            onClose={() => dismissToast(toast.id)}
            closeButtonProps={{ 'aria-label': t('general.close') }}
            withBorder
          >
            {toast.message}
          </Notification>
        ))}
      </Stack>
    </section>
  );
}
