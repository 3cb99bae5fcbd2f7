import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import { demoKeyOf } from '../../../shared/manifest';
import { openKeyVault } from '../platform/key-vault/open-key-vault';
import { createConfJsonFile } from '../platform/settings/conf-json-file';
import { openSettingsStore } from '../platform/settings/settings-store';
import { succeeded as ok } from '../testing/synced-copy';
import { createTempCore } from '../testing/temp-core';

// Only a keychain keeps a copy's key from one run of the app to the next (scripts/with-keyring.sh).
const underKeyring = process.env.CALLSCOPE_KEYRING === '1';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
});
afterAll(() => service?.stop());

describe.skipIf(!underKeyring)('the manager’s private data across a restart of the app', () => {
  it('keeps notes and 1:1 action items in the encrypted copy, unreadable in the file', async () => {
    const home = mkdtempSync(join(tmpdir(), 'callscope-private-restart-'));
    const vault = await openKeyVault(`Callscope-test-${randomUUID()}`);
    expect(vault.storage).toBe('keychain');
    const open = () => {
      const { core } = createTempCore({
        vault,
        settings: openSettingsStore(home, createConfJsonFile),
        replica: { dir: join(home, 'replicas'), sync: null },
        demo: { baseUrl: service.baseUrl, apiKey: demoKeyOf(service.manifest!).key.key },
      });
      return core;
    };
    try {
      const memberId = demoKeyOf(service.manifest!).org.members[0]!.id;
      const first = open();
      await ok(first, 'openDemoWorkspace', {});
      const note = 'Ossifrage: coach the opening, not the demo';
      await ok(first, 'saveNote', { place: { kind: 'rep', id: memberId }, body: note });
      await ok(first, 'addActionItem', { memberId, text: 'Ossifrage: shadow two calls' });
      await first.close();

      for (const file of readdirSync(join(home, 'replicas')))
        expect(readFileSync(join(home, 'replicas', file)).includes('Ossifrage'), file).toBe(false);

      const again = open();
      await ok(again, 'openDemoWorkspace', {});
      expect((await ok(again, 'listNotes', { text: 'ossifrage' })).map(({ body }) => body)).toEqual([note]);
      const brief = await ok(again, 'getOneOnOneBrief', { memberId });
      expect(brief.actionItems.map(({ text }) => text)).toEqual(['Ossifrage: shadow two calls']);
      await again.close();
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
