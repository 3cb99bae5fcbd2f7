import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../service/testing/test-service';
import { demoKeyOf } from '../../../shared/manifest';
import { keychainApp, underKeyring } from '../testing/keychain-restart';
import { succeeded as ok } from '../testing/synced-copy';

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ profile: 'test' });
});
afterAll(() => service?.stop());

describe.skipIf(!underKeyring)('the manager’s private data across a restart of the app', () => {
  it('keeps notes and 1:1 action items in the encrypted copy, unreadable in the file', async () => {
    const app = await keychainApp(service);
    const open = () =>
      app.start({
        replica: { dir: app.replicaDir, sync: null },
        demo: { baseUrl: service.baseUrl, apiKey: demoKeyOf(service.manifest!).key.key },
      });
    try {
      const memberId = demoKeyOf(service.manifest!).org.members[0]!.id;
      const first = open();
      await ok(first, 'openDemoWorkspace', {});
      const note = 'Ossifrage: coach the opening, not the demo';
      await ok(first, 'saveNote', { place: { kind: 'rep', id: memberId }, body: note });
      await ok(first, 'addActionItem', { memberId, text: 'Ossifrage: shadow two calls' });
      await first.close();

      for (const file of readdirSync(app.replicaDir))
        expect(readFileSync(join(app.replicaDir, file)).includes('Ossifrage'), file).toBe(false);

      const again = open();
      await ok(again, 'openDemoWorkspace', {});
      expect((await ok(again, 'listNotes', { text: 'ossifrage' })).map(({ body }) => body)).toEqual([note]);
      const brief = await ok(again, 'getOneOnOneBrief', { memberId });
      expect(brief.actionItems.map(({ text }) => text)).toEqual(['Ossifrage: shadow two calls']);
      await again.close();
    } finally {
      await app.dispose();
    }
  });
});
