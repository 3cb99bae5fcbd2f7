import { describe, expect, it } from 'vitest';
import { syntheticCopy } from '../../../testing/synthetic-copy';
import { callOwners, SELLERS_OF_CALL } from './call-owners';

const team = [
  { id: 'mem_ana', display_name: 'Ana Souza' },
  { id: 'mem_ben', display_name: 'Ben Okafor' },
  { id: 'mem_cy', given_name: 'Cy', family_name: 'Lind' },
];

function copyWithTeam() {
  const copy = syntheticCopy();
  copy.members(...team);
  return copy;
}

describe('whose call it is', () => {
  it('is the owner of its deal first, whatever its activity and speakers say', () => {
    const copy = copyWithTeam();
    copy.deal('deal_1', { owner_id: 'mem_ana' });
    copy.activities('deal_1', [{ id: 'act_1', action: 'LINKED', video_id: 'vid_1', member_id: 'mem_ben' }]);
    copy.call('vid_1', { deal_id: 'deal_1' });
    copy.transcript('vid_1', [{ speaker: 'Ben Okafor' }]);
    expect(callOwners(copy.db, ['vid_1']).get('vid_1')).toEqual({ memberId: 'mem_ana', rule: 'deal-owner' });
  });

  it('is the member of its deal’s LINKED activity for it when the deal has no owner', () => {
    const copy = copyWithTeam();
    copy.deal('deal_1', { owner_id: null });
    copy.activities('deal_1', [
      { id: 'act_other_call', action: 'LINKED', video_id: 'vid_2', member_id: 'mem_cy' },
      { id: 'act_other_action', action: 'COMMENTED', video_id: 'vid_1', member_id: 'mem_cy' },
      { id: 'act_1', action: 'LINKED', video_id: 'vid_1', member_id: 'mem_ben' },
    ]);
    copy.call('vid_1', { deal_id: 'deal_1' });
    copy.transcript('vid_1', [{ speaker: 'Ana Souza' }]);
    expect(callOwners(copy.db, ['vid_1']).get('vid_1')).toEqual({ memberId: 'mem_ben', rule: 'linked-activity' });
  });

  it('is the seller-side speaker named as a member otherwise, in any case and spacing, never a buyer', () => {
    const copy = copyWithTeam();
    copy.call('vid_no_deal');
    copy.transcript('vid_no_deal', [
      { speaker: 'Ben Okafor', role: 'BUYER' },
      { speaker: '  ana   SOUZA ', role: 'seller' },
    ]);
    // A deal the copy does not hold gives no owner, and the rule goes on.
    copy.call('vid_deal_unknown', { deal_id: 'deal_gone' });
    copy.transcript('vid_deal_unknown', [{ speaker: 'Cy Lind' }]);
    const owners = callOwners(copy.db, ['vid_no_deal', 'vid_deal_unknown']);
    expect(owners.get('vid_no_deal')).toEqual({ memberId: 'mem_ana', rule: 'speaker-name' });
    expect(owners.get('vid_deal_unknown')).toEqual({ memberId: 'mem_cy', rule: 'speaker-name' });
  });

  it('takes the matching seller with the most lines, and no one for a name two members share', () => {
    const copy = copyWithTeam();
    copy.call('vid_two');
    copy.transcript('vid_two', [{ speaker: 'Ana Souza' }, { speaker: 'Ben Okafor' }, { speaker: 'Ben Okafor' }]);
    copy.call('vid_shared');
    copy.transcript('vid_shared', [{ speaker: 'Sam Lee' }]);
    copy.members(...team, { id: 'mem_sam_1', display_name: 'Sam Lee' }, { id: 'mem_sam_2', display_name: 'Sam Lee' });
    const owners = callOwners(copy.db, ['vid_two', 'vid_shared']);
    expect(owners.get('vid_two')).toEqual({ memberId: 'mem_ben', rule: 'speaker-name' });
    expect(owners.get('vid_shared')).toEqual({ memberId: null, rule: null });
  });

  it('is no one’s when no rule gives a member: no deal, no link, no seller named as a member, no transcript', () => {
    const copy = copyWithTeam();
    copy.deal('deal_1', { owner_id: null });
    copy.call('vid_stranger', { deal_id: 'deal_1' });
    copy.transcript('vid_stranger', [{ speaker: 'Someone Else' }, { speaker: 'Ana Souza', role: 'BUYER' }]);
    copy.call('vid_silent');
    const owners = callOwners(copy.db, ['vid_stranger', 'vid_silent', 'vid_not_held']);
    expect(owners.get('vid_stranger')).toEqual({ memberId: null, rule: null });
    expect(owners.get('vid_silent')).toEqual({ memberId: null, rule: null });
    expect(owners.has('vid_not_held')).toBe(false);
  });

  it('reads a call’s seller lines from their index alone, never the lines themselves (a call has hundreds)', () => {
    const { db } = copyWithTeam();
    const plan = db
      .prepare<[string], { detail: string }>(`EXPLAIN QUERY PLAN ${SELLERS_OF_CALL}`)
      .all('vid_1')
      .map(({ detail }) => detail);
    expect(plan[0]).toMatch(/^SEARCH segments USING COVERING INDEX segments_by_seller \(video_id=\? AND <expr>=\?/);
  });
});
