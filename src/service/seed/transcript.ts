import type { knownCallTypes, knownSpeakerRoles } from '../../shared/api/videos';
import type { Random } from './random';
import {
  agendas,
  type Beat,
  backchannels,
  closingBeats,
  deliverables,
  demoBeats,
  discoveryBeats,
  fillerBeats,
  followUpBeats,
  negotiationBeats,
  openingBeats,
  type Role,
} from './transcript-lines';
import { months, weekdays } from './world';

export type CallType = (typeof knownCallTypes)[number];

export interface Speaker {
  name: string;
  first: string;
}

/** Who is on a call and what the deal is about; everything a script needs to fill its slots. */
export interface CallCast {
  type: CallType;
  org: string;
  seller: Speaker;
  buyer: Speaker;
  buyer2: Speaker;
  decisionMaker: Speaker & { title: string };
  competitor: string;
  integration: string;
  plan: string;
  pricePerSeat: number;
  seats: number;
}

export interface GeneratedSegment {
  start: number;
  end: number;
  speaker: string;
  speaker_role: (typeof knownSpeakerRoles)[number];
  text: string;
}

const bodyBeats: Record<CallType, readonly Beat[]> = {
  DISCOVERY: discoveryBeats,
  DEMO: demoBeats,
  NEGOTIATION: negotiationBeats,
  FOLLOW_UP: followUpBeats,
  GENERAL: [...discoveryBeats.slice(0, 4), ...demoBeats.slice(0, 3)],
};

const agendaOf: Partial<Record<CallType, string>> = {
  DISCOVERY: agendas[0],
  DEMO: agendas[1],
  NEGOTIATION: agendas[2],
  FOLLOW_UP: agendas[3],
};

const money = (amount: number) => `$${amount.toLocaleString('en-US')}`;

/**
 * A plausible call of about `targetSegments` lines: an opening, the beats of its call type (in
 * order, so a discovery call asks about pain before budget), general questions until the length
 * is reached, and a closing with next steps. Times are seconds, paced at a speaking rate.
 */
export function generateTranscript(random: Random, cast: CallCast, targetSegments: number): GeneratedSegment[] {
  const script: Beat[] = [random.pick(openingBeats)];
  const body = bodyBeats[cast.type];
  const bodyCount = Math.max(2, Math.min(body.length, Math.round(targetSegments / 6)));
  const chosen = new Set(random.sample(Array.from(body.keys()), bodyCount));
  for (const [index, beat] of body.entries()) if (chosen.has(index)) script.push(beat);
  const closing = random.pick(closingBeats);
  const lineCount = () => script.reduce((sum, beat) => sum + beat.length, 0) + closing.length;
  while (lineCount() < targetSegments) {
    script.splice(random.int(1, script.length), 0, random.pick(fillerBeats));
  }
  script.push(closing);

  const slots = fillSlots(random, cast);
  const segments: GeneratedSegment[] = [];
  let clock = random.int(2, 9) / 2;
  const speak = (role: Role, template: string) => {
    const text = template.replace(/\{(\w+)\}/g, (_, name: string) => slots(name));
    const speaker = role === 'S' ? cast.seller : role === 'B' ? cast.buyer : cast.buyer2;
    const words = text.split(' ').length;
    const duration = Math.max(0.8, words / (2.2 + random.next()));
    const start = round(clock);
    const end = round(clock + duration);
    segments.push({ start, end, speaker: speaker.name, speaker_role: role === 'S' ? 'SELLER' : 'BUYER', text });
    clock = end + 0.2 + random.next();
  };
  for (const beat of script) {
    for (const [role, template] of beat) speak(role, template);
    if (random.chance(0.25)) speak(...random.pick(backchannels));
  }
  return segments;
}

const round = (seconds: number) => Math.round(seconds * 10) / 10;

/** Per-call slot values; weekday and deliverable vary per use, as plans do in real speech. */
function fillSlots(random: Random, cast: CallCast): (name: string) => string {
  const total = cast.seats * cast.pricePerSeat * 12;
  const discount = random.pick([10, 12, 15, 20]);
  const month = random.pick(months);
  const fixed: Record<string, string> = {
    org: cast.org,
    sellerFirst: cast.seller.first,
    buyerFirst: cast.buyer.first,
    buyer2First: cast.buyer2.first,
    dmName: cast.decisionMaker.name,
    dmFirst: cast.decisionMaker.first,
    dmTitle: cast.decisionMaker.title,
    competitor: cast.competitor,
    integration: cast.integration,
    plan: cast.plan,
    price: money(cast.pricePerSeat),
    seats: String(cast.seats),
    smallSeats: String(Math.max(5, Math.round(cast.seats / 4))),
    total: money(total),
    discount: String(discount),
    discounted: money(Math.round((total * (100 - discount)) / 100)),
    budget: money(Math.round((total * (0.7 + random.next() * 0.6)) / 1000) * 1000),
    threshold: money(random.pick([25_000, 50_000, 100_000])),
    month,
    agenda: agendaOf[cast.type] ?? random.pick(agendas),
    teamSize: String(cast.seats + random.int(0, 20)),
    hours: String(random.int(3, 8)),
    percent: String(random.int(5, 18)),
    weeks: String(random.int(2, 6)),
    months: String(random.int(2, 3)),
    monthsLonger: String(random.int(5, 9)),
    calls: String(random.int(8, 15)),
    callsMore: String(random.int(16, 30)),
  };
  return (name) => {
    if (name === 'weekday') return random.pick(weekdays);
    if (name === 'deliverable') return random.pick(deliverables);
    const value = fixed[name];
    if (value === undefined) throw new Error(`transcript template uses an unknown slot {${name}}`);
    return value;
  };
}
