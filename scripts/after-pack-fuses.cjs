// electron-builder afterPack hook: turns off the Electron features a packaged Callscope never
// uses, so a stolen or tampered install cannot be run as a plain Node.js interpreter
// (Electron security checklist, "Fuses"). CommonJS because electron-builder requires hooks.
const { join } = require('node:path');
const { flipFuses, FuseV1Options, FuseVersion } = require('@electron/fuses');

function executablePath(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const name = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return join(appOutDir, `${name}.app`);
  if (electronPlatformName === 'win32') return join(appOutDir, `${name}.exe`);
  return join(appOutDir, packager.executableName);
}

module.exports = async function afterPack(context) {
  await flipFuses(executablePath(context), {
    version: FuseVersion.V1,
    // Apple Silicon refuses a binary whose ad-hoc signature no longer matches.
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin' && context.arch === 3,
    strictlyRequireAllFuses: true,
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
    // Off: the renderer is served from app://callscope (src/main/app-protocol.ts), not file://.
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  });
};
