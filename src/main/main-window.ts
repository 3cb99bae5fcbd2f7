import { join } from 'node:path';
import { BrowserWindow, type Rectangle, screen } from 'electron';
import type { WindowBounds } from './core/platform/settings/settings-schema';
import type { SettingsStore } from './core/platform/settings/settings-store';

const DEFAULT_SIZE = { width: 1280, height: 800 };

/** Saved bounds only if they still overlap a connected display (a monitor may be gone). */
function visibleBounds(saved: WindowBounds | null): Partial<Rectangle> {
  if (!saved || saved.x === undefined || saved.y === undefined) return saved ?? DEFAULT_SIZE;
  const rect = { x: saved.x, y: saved.y, width: saved.width, height: saved.height };
  const area = screen.getDisplayMatching(rect).workArea;
  const overlaps =
    rect.x < area.x + area.width &&
    rect.x + rect.width > area.x &&
    rect.y < area.y + area.height &&
    rect.y + rect.height > area.y;
  return overlaps ? rect : { width: saved.width, height: saved.height };
}

export const rendererDir = join(__dirname, '../renderer');

/**
 * `pageUrl` is the one page the window loads (`launchOptions`), with what it should open first
 * (a moment link's `?open=`); IPC from any other page is refused.
 */
export function createMainWindow(settings: SettingsStore, pageUrl: string): BrowserWindow {
  const saved = settings.read().windowBounds;
  const window = new BrowserWindow({
    ...visibleBounds(saved),
    minWidth: 800,
    minHeight: 500,
    show: false,
    title: 'Callscope',
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // A middle click must not open links past the window-open handler (Electronegativity AUXCLICK_JS_CHECK).
      disableBlinkFeatures: 'Auxclick',
    },
  });
  if (saved?.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  window.on('close', () => {
    const bounds = window.getNormalBounds();
    settings.update((current) => ({ ...current, windowBounds: { ...bounds, maximized: window.isMaximized() } }));
  });
  void window.loadURL(pageUrl);
  return window;
}
