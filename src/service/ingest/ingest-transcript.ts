import { createHash } from 'node:crypto';
import { Random } from '../seed/random';
import { type GeneratedSegment, generateTranscript } from '../seed/transcript';
import { buyerContacts, competitors, integrations } from '../seed/world';

const SEGMENTS_PER_CALL = 40;

/**
 * The transcript an ingested call "produces" when processing finishes: the seed generator's
 * realistic script, cast from the organisation and seeded by the video id, so the same call
 * always gets the same words.
 */
export function ingestTranscript(call: { videoId: string; orgName: string; seller: string }): GeneratedSegment[] {
  const random = new Random(createHash('sha256').update(call.videoId).digest().readUInt32LE(0));
  const [buyer, buyer2, decisionMaker] = random.sample(buyerContacts, 3).map((contact) => ({
    name: `${contact.given} ${contact.family}`,
    first: contact.given,
    title: contact.title,
  }));
  return generateTranscript(
    random,
    {
      type: 'GENERAL',
      org: call.orgName,
      seller: { name: call.seller, first: call.seller.split(' ')[0] ?? call.seller },
      buyer: buyer!,
      buyer2: buyer2!,
      decisionMaker: decisionMaker!,
      competitor: random.pick(competitors),
      integration: random.pick(integrations),
      plan: 'Business',
      pricePerSeat: random.pick([39, 49, 59]),
      seats: random.pick([20, 40, 80]),
    },
    SEGMENTS_PER_CALL,
  );
}
