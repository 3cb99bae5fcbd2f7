import { app, Menu, type MenuItemConstructorOptions } from 'electron';
import type { NavigationTarget } from '../shared/bridge';

/** The application menu; screen items send the renderer a `navigate` event with the screen. */
export function installAppMenu(navigate: (target: NavigationTarget) => void): void {
  const go = (label: string, target: NavigationTarget, accelerator: string): MenuItemConstructorOptions => ({
    label,
    accelerator,
    click: () => navigate(target),
  });
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        go('Settings and workspaces', { screen: 'settings' }, 'CmdOrCtrl+,'),
        { type: 'separator' },
        { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'Go',
      submenu: [
        go('Deals', { screen: 'pipeline' }, 'CmdOrCtrl+1'),
        go('Calls', { screen: 'calls' }, 'CmdOrCtrl+2'),
        go('Team', { screen: 'team' }, 'CmdOrCtrl+3'),
        go('Webhooks', { screen: 'webhooks' }, 'CmdOrCtrl+4'),
        go('Roll-up', { screen: 'rollup' }, 'CmdOrCtrl+5'),
      ],
    },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' as const }]),
      ],
    },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
