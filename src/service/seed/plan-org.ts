import type { DealStatus } from '../../shared/api/deals';
import type { knownMemberStatuses } from '../../shared/api/members';
import type { VideoStatus } from '../../shared/api/videos';
import type { OrgSize } from './profiles';
import type { Random } from './random';
import { type CallCast, type CallType, type GeneratedSegment, generateTranscript } from './transcript';
import { buyerContacts, competitors, integrations, type OrgBlueprint, type Person, prospects } from './world';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface PlannedMember {
  id: string;
  email: string;
  status: Extract<(typeof knownMemberStatuses)[number], 'ACTIVE' | 'INVITED'>;
  person: Person;
  createdAt: number;
}

export interface PlannedDeal {
  id: string;
  title: string;
  status: DealStatus;
  productId: string;
  ownerId: string | null;
  forecastAmount: number | null;
  closeDate: number | null;
  createdAt: number;
  updatedAt: number;
  /** How many completed scorings its history holds. */
  scorings: number;
  cast: Omit<CallCast, 'type' | 'seller'>;
  prospect: string;
}

export interface PlannedCall {
  id: string;
  title: string;
  status: VideoStatus;
  callType: CallType;
  deal: PlannedDeal | null;
  seller: PlannedMember;
  createdAt: number;
  processedAt: number | null;
  durationSeconds: number;
  segments: GeneratedSegment[];
  /** Whether a completed analysis (and so a summary, checklist and events) exists. */
  analysed: boolean;
}

export interface OrgPlan {
  members: PlannedMember[];
  deals: PlannedDeal[];
  calls: PlannedCall[];
}

/** Every status once first, so even the smallest organisation shows each of them. */
const dealStatusesFirst: readonly DealStatus[] = ['OPEN', 'ON_HOLD', 'WON', 'LOST', 'ARCHIVED', 'DELETED'];
const dealStatusWeights: readonly (readonly [DealStatus, number])[] = [
  ['OPEN', 40],
  ['ON_HOLD', 10],
  ['WON', 20],
  ['LOST', 15],
  ['ARCHIVED', 10],
  ['DELETED', 5],
];
const scoringsOfFirstDeals = [3, 1, 2, 1, 1, 0];

const callTypeWeights: readonly (readonly [CallType, number])[] = [
  ['DISCOVERY', 30],
  ['DEMO', 25],
  ['NEGOTIATION', 20],
  ['FOLLOW_UP', 15],
  ['GENERAL', 10],
];
const callTitles: Record<CallType, string> = {
  DISCOVERY: 'Discovery call',
  DEMO: 'Product demo',
  NEGOTIATION: 'Pricing negotiation',
  FOLLOW_UP: 'Follow-up',
  GENERAL: 'Check-in',
};

/**
 * Statuses a non-trivial organisation always has, newest calls first: uploads still in flight are
 * the most recent, and the rest exercise the screens a READY call without outputs leads to.
 */
type CallRole = VideoStatus | 'READY_EMPTY' | 'READY_NOT_ANALYSED' | 'READY_ANALYSED';
const newestCallRoles: readonly CallRole[] = [
  'CREATED',
  'UPLOADING',
  'UPLOADED',
  'READY_NOT_ANALYSED',
  'READY_EMPTY',
  'ERROR',
  'ARCHIVED',
  'DELETED',
  'READY_NOT_ANALYSED',
];
const laterCallRoleWeights: readonly (readonly [CallRole, number])[] = [
  ['READY_ANALYSED', 74],
  ['READY_NOT_ANALYSED', 12],
  ['ARCHIVED', 7],
  ['DELETED', 4],
  ['ERROR', 3],
];

export function planOrg(random: Random, blueprint: OrgBlueprint, size: OrgSize, anchor: number): OrgPlan {
  const members = planMembers(random, blueprint, size.members, anchor);
  const activeMembers = members.filter((member) => member.status === 'ACTIVE');
  const deals = Array.from({ length: size.deals }, (_, index) =>
    planDeal(random, blueprint, activeMembers, index, anchor),
  );
  const calls = planCalls(random, blueprint, size, deals, activeMembers, anchor);
  return { members, deals, calls };
}

function planMembers(random: Random, blueprint: OrgBlueprint, count: number, anchor: number): PlannedMember[] {
  return Array.from({ length: count }, (_, index) => {
    const person = blueprint.sellers[index % blueprint.sellers.length]!;
    const suffix = index < blueprint.sellers.length ? '' : String(Math.floor(index / blueprint.sellers.length) + 1);
    return {
      id: `mem_${random.hex()}`,
      email: `${asciiLocalPart(person.given)}.${asciiLocalPart(person.family)}${suffix}@${blueprint.domain}`,
      status: index === count - 1 && count >= 4 ? 'INVITED' : 'ACTIVE',
      person,
      createdAt: anchor - (400 - index * 7) * DAY_MS,
    };
  });
}

/** "Élodie" -> "elodie": e-mail local parts stay ASCII even when names do not. */
function asciiLocalPart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace('ø', 'o')
    .replace('ł', 'l')
    .replace('Ł', 'L')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function planDeal(
  random: Random,
  blueprint: OrgBlueprint,
  sellers: PlannedMember[],
  index: number,
  anchor: number,
): PlannedDeal {
  const status = dealStatusesFirst[index] ?? weighted(random, dealStatusWeights);
  const [productId, planLabel, pricePerSeat] = random.pick(blueprint.plans);
  const prospect = random.pick(prospects);
  const [buyer, buyer2, decisionMaker] = random.sample(buyerContacts, 3).map((contact) => ({
    name: `${contact.given} ${contact.family}`,
    first: contact.given,
    title: contact.title,
  }));
  const seats = random.pick([15, 20, 25, 40, 60, 80, 120, 200]);
  const createdAt = anchor - random.int(20, 240) * DAY_MS - random.int(0, 600) * MINUTE_MS;
  const decided = status === 'WON' || status === 'LOST';
  const closeDate =
    random.chance(0.05) && !decided
      ? null
      : decided || status === 'ARCHIVED' || status === 'DELETED'
        ? Math.min(anchor - DAY_MS, createdAt + random.int(20, 120) * DAY_MS)
        : anchor + random.int(7, 150) * DAY_MS;
  return {
    id: `deal_${random.hex()}`,
    title: `${prospect} — ${planLabel}`,
    status,
    productId,
    ownerId: random.chance(0.95) ? random.pick(sellers).id : null,
    forecastAmount: random.chance(0.95) ? Math.round((seats * pricePerSeat * 12) / 500) * 500 : null,
    closeDate: closeDate === null ? null : startOfDay(closeDate),
    createdAt,
    updatedAt: Math.min(anchor, createdAt + random.int(1, 30) * DAY_MS),
    scorings: scoringsOfFirstDeals[index] ?? random.int(0, 3),
    prospect,
    cast: {
      org: blueprint.name,
      buyer: buyer!,
      buyer2: buyer2!,
      decisionMaker: decisionMaker!,
      competitor: random.pick(competitors),
      integration: random.pick(integrations),
      plan: planLabel,
      pricePerSeat,
      seats,
    },
  };
}

function planCalls(
  random: Random,
  blueprint: OrgBlueprint,
  size: OrgSize,
  deals: PlannedDeal[],
  sellers: PlannedMember[],
  anchor: number,
): PlannedCall[] {
  const drafts = Array.from({ length: size.calls }, () => {
    const deal = random.chance(0.85) ? random.pick(deals) : null;
    const dealEnd = deal?.status === 'WON' || deal?.status === 'LOST' ? (deal.closeDate ?? anchor) : anchor;
    const createdAt = deal
      ? deal.createdAt + Math.floor(random.next() * Math.max(DAY_MS, dealEnd - deal.createdAt - DAY_MS))
      : anchor - random.int(1, 200) * DAY_MS;
    return { deal, createdAt: Math.min(createdAt, anchor - 30 * MINUTE_MS) - random.int(0, 3600) * 1000 };
  });
  drafts.sort((a, b) => b.createdAt - a.createdAt);
  const roles = size.calls >= newestCallRoles.length ? newestCallRoles : (['READY_NOT_ANALYSED'] as const);

  const calls = drafts.map(({ deal, createdAt }, index): PlannedCall => {
    const role = roles[index] ?? weighted(random, laterCallRoleWeights);
    const status: VideoStatus = role.startsWith('READY') ? 'READY' : (role as VideoStatus);
    const callType = weighted(random, callTypeWeights);
    const seller = deal?.ownerId
      ? (sellers.find((member) => member.id === deal.ownerId) ?? sellers[0]!)
      : random.pick(sellers);
    const { cast, prospect } = deal ?? planDeal(random, blueprint, sellers, size.deals, anchor);
    const hasTranscript =
      (status === 'READY' && role !== 'READY_EMPTY') || status === 'ARCHIVED' || status === 'DELETED';
    const segments = hasTranscript
      ? generateTranscript(
          random,
          { ...cast, type: callType, seller: { name: displayName(seller.person), first: seller.person.given } },
          random.int(size.segments[0], size.segments[1]),
        )
      : [];
    const processed = status === 'READY' || status === 'ARCHIVED' || status === 'DELETED' || status === 'ERROR';
    const durationSeconds =
      segments.at(-1)?.end ??
      (role === 'READY_EMPTY' ? 42 : status === 'CREATED' || status === 'UPLOADING' ? 0 : random.int(600, 2400));
    return {
      id: `vid_${random.hex()}`,
      title: `${callTitles[callType]} — ${prospect}`,
      status,
      callType,
      deal,
      seller,
      createdAt,
      processedAt: processed ? createdAt + Math.round(durationSeconds * 1000) + random.int(2, 15) * MINUTE_MS : null,
      durationSeconds,
      segments,
      analysed: role === 'READY_ANALYSED' || (status === 'ARCHIVED' && random.chance(0.7)),
    };
  });
  return calls.reverse();
}

export function displayName(person: Person): string {
  return `${person.given} ${person.family}`;
}

function weighted<T>(random: Random, weights: readonly (readonly [T, number])[]): T {
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [value, weight] of weights) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return weights.at(-1)![0];
}

function startOfDay(time: number): number {
  return time - (time % DAY_MS);
}
