import type { Notifier } from '../platform/notifier';

/** A notifier that keeps what it was asked to show, each with a click that does what the OS's would. */
export function recordingNotifier(): Notifier & { shown: { title: string; body: string; click(): void }[] } {
  const shown: { title: string; body: string; click(): void }[] = [];
  return {
    shown,
    isAppInForeground: () => false,
    notify: ({ title, body, onClick }) => void shown.push({ title, body, click: onClick }),
  };
}
