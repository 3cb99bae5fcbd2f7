/**
 * The sales-call script bank. A beat is a short exchange; `S` lines are spoken by the seller, `B`
 * by the buyer's main contact and `B2` by a second buyer when one attends. `{slot}`s are filled per
 * call. The wording deliberately carries the cues a real analyzer looks for (pricing, objections,
 * competitors, decision makers, timelines, budgets, next steps) in varied phrasing, plus literal
 * `%`, `_`, `"`, `$` and `\` so search is exercised on them.
 */
export type Role = 'S' | 'B' | 'B2';
export type Line = readonly [Role, string];
export type Beat = readonly Line[];

export const openingBeats: readonly Beat[] = [
  [
    ['S', 'Hi {buyerFirst}, thanks for making the time today. Can you hear me okay?'],
    ['B', 'Yes, loud and clear. Thanks for setting this up.'],
    ['S', "Great. I'm {sellerFirst} from {org}. The plan for today is {agenda}. Does that still work for you?"],
    ['B', "That works. I've got a hard stop at the top of the hour, just so you know."],
  ],
  [
    ['S', 'Good morning {buyerFirst}, how was your week so far?'],
    ['B', "Busy, it's quarter end, but good. Thanks for asking."],
    ['S', "I'll keep us on time then. Today I'd like to cover {agenda}, and leave ten minutes for questions."],
    ['B', 'Perfect. I also asked {buyer2First} to join, they run the day to day for the team.'],
    ['B2', 'Hi everyone, happy to be here.'],
  ],
  [
    [
      'S',
      "Hey {buyerFirst}, hi {buyer2First}. Before we start, is it okay if I record this call so I don't have to take notes?",
    ],
    ['B', "Sure, that's fine."],
    ['S', 'Thank you. So the agenda: {agenda}. Anything you want to add?'],
    ['B2', 'Just that we want to understand how this would fit with {integration}.'],
  ],
];

export const closingBeats: readonly Beat[] = [
  [
    [
      'S',
      "So for next steps, I'll send over {deliverable} by {weekday}, and let's schedule a follow up with {dmFirst} next week.",
    ],
    ['B', 'Sounds good. Send me a calendar invite for {weekday} afternoon.'],
    ['S', 'Will do. Thanks, {buyerFirst}, talk soon.'],
    ['B', 'Thanks, bye.'],
  ],
  [
    ['S', 'To recap the next step: I will send {deliverable}, and you will check the dates with {dmFirst}.'],
    ['B', "Yes. I'll get back to you by {weekday} with a couple of slots."],
    ['S', 'Great, I appreciate it. Have a good rest of your day.'],
  ],
  [
    ['B', 'What do you need from us to keep this moving?'],
    [
      'S',
      "Mainly a list of the teams for the pilot. I'll follow up by email today with {deliverable} and a draft plan.",
    ],
    ['B', "Okay, I'll ask {buyer2First} to pull that list together."],
    ['B2', 'I can have it to you by {weekday}.'],
    ['S', 'Perfect. Talk then, everyone.'],
  ],
];

export const discoveryBeats: readonly Beat[] = [
  [
    ['S', 'To start, can you walk me through how your team reviews sales calls today?'],
    [
      'B',
      'Right now we have about {teamSize} reps and everything lives in spreadsheets and {integration}. Honestly it is a struggle to keep it up to date.',
    ],
    ['S', 'How much time does that take each week?'],
    [
      'B',
      "I'd say each manager loses {hours} hours a week pulling reports together. It's costing us real pipeline visibility.",
    ],
  ],
  [
    ['S', 'What made you start looking at this now?'],
    [
      'B',
      'Our win rate dropped {percent}% last quarter and nobody could tell us why. That is the main problem we want to fix.',
    ],
    ['S', 'That is a big drop. Do you have a sense of where deals are stalling?'],
    ['B2', 'Mostly after the demo. We lose track of who the real buyer is.'],
  ],
  [
    ['S', 'Besides you, who else is involved in a decision like this?'],
    [
      'B',
      "I'll run the evaluation, but {dmName}, our {dmTitle}, has the final say. Anything over {threshold} also needs sign off from procurement.",
    ],
    ['S', 'Would it make sense to bring {dmFirst} into the next call?'],
    ['B', 'Yes, I think {dmFirst} would want to see the demo before approving anything.'],
  ],
  [
    ['S', 'Have you set aside a budget for this project?'],
    ['B', 'We have roughly {budget} allocated for this fiscal year, but it has to cover onboarding too.'],
    ['S', 'That is helpful, thank you. Is that budget already approved?'],
    ['B', 'It is approved in principle, {dmFirst} just needs to see the business case.'],
  ],
  [
    ['S', 'Is there a date you need this running by?'],
    ['B', 'We want to go-live by the end of {month}, before our sales kickoff. That deadline is pretty firm.'],
    ['S', 'Understood. Working back from that, we would want to start onboarding in about {weeks} weeks.'],
  ],
  [
    ['S', 'Are you evaluating other options as well?'],
    ['B', "We're also looking at {competitor}. A few of our reps used it at their last company."],
    [
      'S',
      'That is fair. Compared to {competitor}, teams usually pick us for the coaching workflow and the {integration} integration.',
    ],
  ],
  [
    ['B2', "We're currently using {competitor} for call recording, but the contract ends in {month}."],
    ['S', 'What would you want to keep from {competitor}, and what is missing?'],
    ['B2', "The recordings are fine. What's missing is anything that tells a manager which calls to listen to."],
  ],
  [
    ['B', 'Can you give me a ballpark on pricing?'],
    [
      'S',
      'For a team of {seats}, the {plan} plan is {price} per seat per month at list price. I can send over a formal quote after the demo.',
    ],
    ['B', 'Okay, good to know where we would land.'],
  ],
  [
    ['S', 'What does success look like six months from now?'],
    [
      'B',
      'Managers coaching from real calls instead of gut feeling, and new reps ramping in {months} months instead of {monthsLonger}.',
    ],
  ],
];

export const demoBeats: readonly Beat[] = [
  [
    ['S', 'Let me share my screen. This is the main dashboard your managers would see every morning.'],
    ['B', 'Okay, I can see it.'],
    [
      'S',
      'Every call is transcribed and checked against your playbook. You can filter by rep, by deal stage or by topic.',
    ],
  ],
  [
    ['B', 'Can it flag when a competitor comes up?'],
    ['S', 'Yes, any mention of {competitor} or another competitor shows up as an event with the exact timestamp.'],
    ['B2', 'That alone would save us a lot of listening.'],
  ],
  [
    ['B', 'How does it connect to {integration}?'],
    [
      'S',
      'We have a native {integration} integration. Setup usually takes less than a day and your admin controls which fields we sync, for example deal_stage and next_step_date.',
    ],
  ],
  [
    ['B', 'My concern is security. Our {dmTitle} will ask where the recordings are stored.'],
    [
      'S',
      'That is a fair point. Everything is encrypted at rest, we are SOC 2 Type II certified, and you can choose EU or US data residency.',
    ],
    ['B', 'Okay, that helps. Can you send the security documentation?'],
    ['S', "Absolutely, I'll send over our security pack today."],
  ],
  [
    ['B2', "Honestly, I'm worried the reps won't adopt another tool."],
    [
      'S',
      'I understand. That is why the coaching notes land directly in {integration}, so reps do not have to log into anything new.',
    ],
    ['B2', 'If it lives where they already work, that could work.'],
  ],
  [
    [
      'S',
      'Here is the checklist view. Each call gets a score against the items your team cares about, with quotes as evidence.',
    ],
    ['B', 'Can we define our own checklist items?'],
    ['S', 'Yes, admins edit the checklist and the next analyses use it straight away.'],
  ],
  [
    ['B', 'What about the exports? Our analysts want everything in the shared drive.'],
    [
      'S',
      'You can schedule a CSV export, for example to C:\\Reports\\Calls on a Windows share, or straight into your warehouse.',
    ],
  ],
];

export const negotiationBeats: readonly Beat[] = [
  [
    ['S', 'Based on {seats} seats on the {plan} plan, the list price comes to {total} a year.'],
    [
      'B',
      "That's more than we expected. To be honest it's too expensive for us right now, {competitor} quoted us quite a bit less.",
    ],
    ['S', 'I hear you. Is the gap about the total, or about paying it all upfront?'],
    ['B', 'Mostly the total. Our budget is {budget} for the whole project.'],
  ],
  [
    [
      'S',
      'If you can commit to a two-year term, I can offer a {discount}% discount, which brings it to {discounted} a year.',
    ],
    ['B', "That's closer. I'd need to run it by {dmName} before we agree to anything."],
    ['S', 'Of course. Would it help if I joined that conversation to answer questions directly?'],
    ['B', 'Maybe. Let me ask {dmFirst} first.'],
  ],
  [
    ['B2', 'Our procurement team will want net sixty payment terms and the right to cancel after the first year.'],
    [
      'S',
      'Net sixty is fine. On the cancellation clause, let me check with our legal team and come back to you by {weekday}.',
    ],
  ],
  [
    ['B', 'The budget for this year is {budget}, so we would have to phase the rollout.'],
    [
      'S',
      'We could start with {smallSeats} seats this quarter and add the rest in {month}, so the spend lands in next year.',
    ],
    ['B', 'That might actually get approved faster.'],
  ],
  [
    ['B', 'If we sign by the end of the month, can you still hit a go-live in {month}?'],
    ['S', 'Yes, onboarding takes about {weeks} weeks, so that timeline works if we get the signed order form by then.'],
  ],
  [
    ['B', 'What is included in the price? Is onboarding extra?'],
    [
      'S',
      'Onboarding, training for managers and standard support are included. Premium support is an extra {percent}% of the license.',
    ],
    ['B', 'Okay. Please put that in writing in the quote.'],
  ],
];

export const followUpBeats: readonly Beat[] = [
  [
    [
      'S',
      'Just to recap where we are: you have seen the demo, {dmFirst} reviewed the security pack, and the open item was pricing.',
    ],
    ['B', 'Right. {dmFirst} had one more question about the contract length.'],
    ['S', 'We can do one year with an option to renew, or two years with the discount we discussed.'],
  ],
  [
    ['B', 'We talked internally and the main concern now is the rollout during our busy season.'],
    ['S', 'That makes sense. We could start the pilot after {month} so it does not collide with your peak.'],
    ['B', 'That would take a lot of pressure off the team.'],
  ],
  [
    ['S', 'Did you get a chance to look at the proposal I sent?'],
    [
      'B',
      'Yes, I shared it with {dmName}. The feedback was positive, but they want a reference customer in our industry.',
    ],
    ['S', "I'll set up a call with one of our customers in your industry this week."],
  ],
  [
    ['B2', 'Quick question from our IT team: do you support single sign-on?'],
    ['S', 'Yes, SAML and OpenID Connect. I will send you the setup guide.'],
  ],
];

/** General exchanges that fit any call; long calls draw many of them. */
export const fillerBeats: readonly Beat[] = [
  [
    ['B', 'How long does onboarding usually take?'],
    ['S', 'Typically {weeks} weeks from kickoff to full rollout, including training for managers.'],
  ],
  [
    ['B', 'Can managers leave comments on a specific moment in a call?'],
    ['S', 'Yes, they can comment on any segment and the rep gets a notification.'],
  ],
  [
    ['B2', 'Do you support calls in other languages?'],
    ['S', 'We transcribe English, French, Spanish and German today, and more are on the roadmap.'],
  ],
  [
    ['B', 'What does reporting look like for leadership?'],
    [
      'S',
      'There is a weekly digest with talk ratios, topics and deal risk, and you can export everything to {integration}.',
    ],
  ],
  [
    ['S', 'How do your reps prepare for calls today?'],
    ['B', 'Mostly they read the notes in {integration}, which are usually incomplete.'],
  ],
  [
    ['B2', 'Is there an API?'],
    ['S', 'Yes, a full REST API with webhooks, so your data team can pull transcripts into the warehouse.'],
  ],
  [
    ['B', 'What happens to our data if we leave?'],
    ['S', 'You can export every recording and transcript, and we delete everything within thirty days.'],
  ],
  [
    ['S', 'Out of curiosity, how long does a new rep take to ramp today?'],
    ['B', 'New hires take about {monthsLonger} months to hit quota, which is too long.'],
  ],
  [
    ['B', 'Could we pilot it with one team first?'],
    ['S', 'Definitely. A pilot with {smallSeats} seats for thirty days is a common way to start.'],
  ],
  [
    ['B2', 'Internally we call the end of quarter the "Monday scramble", everyone rushes to update the forecast.'],
    ['S', 'We hear that a lot. The forecast view is built exactly for that.'],
  ],
  [
    ['B', 'How accurate is the transcription with accents?'],
    ['S', 'Very good in our tests, and managers can correct a line in two clicks when needed.'],
  ],
  [
    ['S', 'How many calls does a rep on your team do in a typical week?'],
    ['B', 'Somewhere between {calls} and {callsMore}, depending on the territory.'],
  ],
  [
    ['B2', 'Can we limit who sees which recordings?'],
    ['S', 'Yes, access follows your team structure, and admins can restrict sensitive calls.'],
  ],
  [
    ['B', 'Sorry, you cut out for a second there. Could you repeat that?'],
    ['S', 'Of course. I said the coaching notes sync back automatically after each call.'],
  ],
  [
    ['S', 'Which of your teams would benefit most in the first month?'],
    ['B', 'Probably the mid-market team, they have the most new hires.'],
  ],
  [
    ['B', 'Do you have customers of our size?'],
    ['S', 'Yes, most of our customers have between fifty and five hundred reps.'],
  ],
];

export const backchannels: readonly Line[] = [
  ['B', 'Mm-hmm.'],
  ['B', 'Right, that makes sense.'],
  ['B2', 'Got it.'],
  ['S', 'Okay, great.'],
  ['S', 'Understood.'],
  ['B', 'Interesting.'],
];

export const agendas: readonly string[] = [
  'a quick round of introductions, your current process, and whether we are a fit',
  'a walkthrough of the product and your questions',
  'the proposal, the pricing and the contract terms',
  'a recap of where we are and the open items',
];

export const deliverables: readonly string[] = [
  'the proposal',
  'a formal quote',
  'the security pack',
  'a pilot plan',
  'the updated order form',
  'a summary of this call',
];
