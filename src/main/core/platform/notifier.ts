/** OS notifications, implemented by the Electron shell; browser mode has none. */
export interface Notifier {
  /** False while the window is minimised, hidden or not focused. */
  isAppInForeground(): boolean;
  notify(note: { title: string; body: string; onClick: () => void }): void;
}

export const noNotifier: Notifier = {
  isAppInForeground: () => true,
  notify: () => {},
};
