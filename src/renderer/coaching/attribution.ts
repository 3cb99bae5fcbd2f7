import type { AttributionRule } from '../../shared/bridge';

/** How a call came to be the rep's, as a list shows it beside the call. */
export const ruleWords: Record<AttributionRule, string> = {
  'deal-owner': 'by deal owner',
  'linked-activity': 'by linked activity',
  'speaker-name': 'by speaker name',
};

/** The rule in one sentence, where figures per rep are shown (docs/coaching.md, "Whose call it is"). */
export const ATTRIBUTION_RULE =
  'A call is a rep’s when they own its deal; else when they are the member of the deal’s activity that linked the call; else when a seller-side speaker bears their name. Calls no rule gives to anyone are unattributed.';
