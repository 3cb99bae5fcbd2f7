import { app, Menu, type MenuItemConstructorOptions } from 'electron';

/** The application menu; screen items send the renderer a `navigate` event with the route. */
export function installAppMenu(navigate: (path: string) => void): void {
  const go = (label: string, path: string, accelerator: string): MenuItemConstructorOptions => ({
    label,
    accelerator,
    click: () => navigate(path),
  });
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [go('Settings and workspaces', '/settings', 'CmdOrCtrl+,'), { type: 'separator' }, { role: 'quit' }],
    },
    { role: 'editMenu' },
    {
      label: 'Go',
      submenu: [
        go('Deals', '/deals', 'CmdOrCtrl+1'),
        go('Calls', '/calls', 'CmdOrCtrl+2'),
        go('Team', '/team', 'CmdOrCtrl+3'),
        go('Webhooks', '/webhooks', 'CmdOrCtrl+4'),
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
