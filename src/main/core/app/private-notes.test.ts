import { describe, expect, it } from 'vitest';
import { demoKeyOf } from '../../../shared/manifest';
import type { NotePlace } from '../../../shared/private-notes';
import { succeeded as ok, sharedCopyHarness, upToDate } from '../testing/synced-copy';

const copy = sharedCopyHarness();

async function records() {
  const call = (await copy.harness.client.listVideos({ limit: 1, status: 'READY' })).data[0]!;
  const deal = (await copy.harness.client.listDeals({ limit: 1 })).data[0]!;
  const repId = demoKeyOf(copy.service.manifest!).org.members[0]!.id;
  const rep = (await copy.harness.client.listMembers({})).data.find((member) => member.id === repId)!;
  const places: Record<NotePlace['kind'], NotePlace> = {
    call: { kind: 'call', id: call.id },
    line: { kind: 'line', id: call.id, segmentId: 'seg_2', seconds: 12.5 },
    deal: { kind: 'deal', id: deal.id },
    rep: { kind: 'rep', id: rep.id },
  };
  return { call, deal, rep, places };
}

describe('private notes', () => {
  it('are kept in the local copy, found by place and by text, and never sent to the service', async () => {
    const core = await copy.harness.openCore({ sync: true });
    await upToDate(core);
    const { call, deal, rep, places } = await records();
    const secret = (what: string) => `Zephyrine ${what}: pricing worry, ask about the board meeting`;

    const added = [];
    for (const kind of ['call', 'line', 'deal', 'rep'] as const)
      added.push((await ok(core, 'saveNote', { place: places[kind], body: secret(kind) })).after!);
    expect(added.map((note) => note.placeName)).toEqual([call.title, call.title, deal.title, rep.display_name]);

    const edited = await ok(core, 'saveNote', { id: added[2]!.id, place: places.deal, body: secret('deal, edited') });
    expect({ before: edited.before?.body, after: edited.after?.body }).toEqual({
      before: secret('deal'),
      after: secret('deal, edited'),
    });
    const removed = await ok(core, 'removeNote', { id: added[3]!.id });
    expect(removed).toMatchObject({ before: { body: secret('rep') }, after: null });
    // Undone: the note comes back under its id, where it was.
    expect(
      (await ok(core, 'saveNote', { id: added[3]!.id, place: places.rep, body: secret('rep') })).after,
    ).toMatchObject({ id: added[3]!.id, place: places.rep });

    const onCall = await ok(core, 'listNotes', { about: { kinds: ['call', 'line'], id: call.id } });
    expect(onCall.map((note) => note.body).sort()).toEqual([secret('call'), secret('line')]);
    expect(onCall.find((note) => note.place.kind === 'line')?.place).toEqual(places.line);
    const found = await ok(core, 'listNotes', { text: 'ZEPHYRINE DEAL' });
    expect(found.map((note) => note.body)).toEqual([secret('deal, edited')]);
    expect(await ok(core, 'listNotes', { text: 'zéphyrine rep' })).toHaveLength(1);
    await ok(core, 'getDealReviewPack', { id: deal.id });

    await upToDate(core);
    const sent = copy.harness.proxy.wire();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((request) => request.includes('Zephyrine') || request.includes('board meeting'))).toEqual([]);
  });

  it('refuse an empty note, a note moved elsewhere and a note gone, in the documented shape', async () => {
    const core = await copy.harness.openCore({ sync: false });
    const { places } = await records();
    expect(await core.invoke('saveNote', { place: places.call, body: '   ' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_params' },
    });
    const { after } = await ok(core, 'saveNote', { place: places.call, body: 'Follow up' });
    expect(await core.invoke('saveNote', { id: after!.id, place: places.deal, body: 'Follow up' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_params', message: 'A note stays where it was written: it cannot move.' },
    });
    await ok(core, 'removeNote', { id: after!.id });
    expect(await core.invoke('removeNote', { id: after!.id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('go with "Remove local data", and cannot be read while the workspace keeps no copy', async () => {
    const core = await copy.harness.openCore({ sync: false });
    const { places } = await records();
    await ok(core, 'saveNote', { place: places.deal, body: 'Champion is leaving in January' });
    const { workspaceId } = await ok(core, 'getReplicaStatus', {});
    await ok(core, 'removeLocalData', { workspaceId });
    expect(await ok(core, 'listNotes', {})).toEqual([]);
    await ok(core, 'setLocalCopy', { workspaceId, on: false });
    expect(await core.invoke('listNotes', {})).toMatchObject({ ok: false, error: { code: 'not_available' } });
  });
});
