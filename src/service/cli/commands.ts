import { allowlistSetCommand } from './allowlist';
import { dealSetCommand } from './deal';
import { faultSetCommand } from './fault';
import { ingestCommand } from './ingest';
import { keysIssueCommand, keysMintUnregisteredCommand } from './keys';
import { orgSetActiveCommand } from './org';
import { seedCommand } from './seed';
import { serveCommand } from './serve';

export type Command = (args: string[]) => void | Promise<void>;

/** Every command of `npm run service -- <command>`, by its words. */
export const commands: Record<string, Command> = {
  serve: serveCommand,
  seed: seedCommand,
  'keys issue': keysIssueCommand,
  'keys mint-unregistered': keysMintUnregisteredCommand,
  'org set-active': orgSetActiveCommand,
  'allowlist set': allowlistSetCommand,
  'fault set': faultSetCommand,
  ingest: ingestCommand,
  'deal set': dealSetCommand,
};
