import Conf from 'conf';
import type { JsonFileFactory } from './settings-store';

/** Plain Node (browser mode, tests): electron-store's own base library. */
export const createConfJsonFile: JsonFileFactory = ({ cwd, configName, fileMode }) =>
  new Conf<Record<string, unknown>>({ cwd, configName, configFileMode: fileMode });
