import { type BrowserWindow, Notification } from 'electron';
import type { Notifier } from './core/platform/notifier';

export function createElectronNotifier(window: () => BrowserWindow | null): Notifier {
  return {
    isAppInForeground() {
      const current = window();
      return !!current && current.isVisible() && !current.isMinimized() && current.isFocused();
    },
    notify({ title, body, onClick }) {
      if (!Notification.isSupported()) return;
      const note = new Notification({ title, body });
      note.on('click', () => {
        const current = window();
        if (current) {
          if (current.isMinimized()) current.restore();
          current.show();
          current.focus();
        }
        onClick();
      });
      note.show();
    },
  };
}
