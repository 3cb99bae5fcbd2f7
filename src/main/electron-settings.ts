import ElectronStore from 'electron-store';
import type { JsonFileFactory } from './core/platform/settings/settings-store';

/** In the shell the settings file is electron-store's (same format as Conf, which it extends). */
export const createElectronStoreJsonFile: JsonFileFactory = ({ cwd, configName, fileMode }) =>
  new ElectronStore<Record<string, unknown>>({ cwd, name: configName, configFileMode: fileMode });
