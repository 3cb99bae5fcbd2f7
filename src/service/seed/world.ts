/**
 * The fictional world the generator draws from: the seller organisations, their people, products
 * and checklists, and the prospects they sell to. Names carry accents on purpose, so every screen
 * and the search are exercised with non-ASCII text.
 */

export interface Person {
  given: string;
  family: string;
}

export interface OrgBlueprint {
  name: string;
  domain: string;
  active: boolean;
  product: string;
  /** Product lines a deal can be for: [product_id, label, list price per seat per month]. */
  plans: readonly (readonly [string, string, number])[];
  sellers: readonly Person[];
  checklist: readonly ChecklistBlueprint[];
}

export interface ChecklistBlueprint {
  text: string;
  description: string;
  keywords: readonly string[];
}

const discoveryChecklist: readonly ChecklistBlueprint[] = [
  {
    text: 'Uncover the pain',
    description: 'Ask what is not working today and what it costs the buyer.',
    keywords: ['struggle', 'problem', 'pain', 'frustrat', 'costing us'],
  },
  {
    text: 'Identify the decision makers',
    description: 'Find out who signs off, who else is involved and how they decide.',
    keywords: ['sign off', 'decision', 'approv', 'final say', 'procurement'],
  },
  {
    text: 'Qualify the budget',
    description: 'Confirm there is money allocated and roughly how much.',
    keywords: ['budget', 'allocated', 'spend'],
  },
  {
    text: 'Agree on a timeline',
    description: 'Establish when the buyer needs to be live and why then.',
    keywords: ['timeline', 'go-live', 'deadline', 'by the end of', 'quarter'],
  },
  {
    text: 'Map the competition',
    description: 'Learn which alternatives the buyer is considering or already uses.',
    keywords: ['also looking at', 'currently using', 'compared to', 'competitor', 'switching from'],
  },
  {
    text: 'Handle objections',
    description: 'Acknowledge each concern and answer it with evidence.',
    keywords: ['concern', 'worried', 'understand', 'fair point'],
  },
  {
    text: 'Present pricing clearly',
    description: 'State the price, what it includes and any discount terms without hedging.',
    keywords: ['per seat', 'pricing', 'discount', 'list price', 'quote'],
  },
  {
    text: 'Set concrete next steps',
    description: 'Leave with a dated next meeting and named owners for each action.',
    keywords: ['next step', 'follow up', 'calendar invite', 'send over', 'schedule'],
  },
];

export const orgBlueprints: readonly OrgBlueprint[] = [
  {
    name: 'Northwind Analytics',
    domain: 'northwind.example',
    active: true,
    product: 'Northwind Insights',
    plans: [
      ['prod_insights_team', 'Insights Team', 45],
      ['prod_insights_business', 'Insights Business', 79],
      ['prod_insights_enterprise', 'Insights Enterprise', 120],
    ],
    sellers: [
      { given: 'Élodie', family: 'Fèvre' },
      { given: 'José', family: 'Núñez' },
      { given: 'Zoë', family: 'Brontë' },
      { given: 'Marcus', family: 'Okafor' },
      { given: 'Søren', family: 'Lindqvist' },
      { given: 'Priya', family: 'Raman' },
      { given: 'Łukasz', family: 'Wójcik' },
      { given: 'Hannah', family: 'Schäfer' },
    ],
    checklist: discoveryChecklist,
  },
  {
    name: 'Lumen Health Systems',
    domain: 'lumenhealth.example',
    active: true,
    product: 'Lumen Care Suite',
    plans: [
      ['prod_care_clinic', 'Care Clinic', 60],
      ['prod_care_hospital', 'Care Hospital', 95],
    ],
    sellers: [
      { given: 'Chloé', family: 'Girard' },
      { given: 'Iñaki', family: 'Etxeberria' },
      { given: 'Björn', family: 'Åkesson' },
      { given: 'Amara', family: 'Nwosu' },
      { given: 'Mei', family: 'Chen' },
      { given: 'Oliver', family: 'Brooks' },
    ],
    checklist: discoveryChecklist.filter((item) => item.text !== 'Map the competition'),
  },
  {
    name: 'Dormant Ventures',
    domain: 'dormant.example',
    active: false,
    product: 'Dormant CRM',
    plans: [['prod_dormant_crm', 'Dormant CRM', 30]],
    sellers: [
      { given: 'Renée', family: 'Dubois' },
      { given: 'Tomás', family: 'Ibáñez' },
    ],
    checklist: discoveryChecklist.slice(0, 4),
  },
];

export const buyerContacts: readonly (Person & { title: string })[] = [
  { given: 'Ana', family: 'Müller', title: 'Head of Operations' },
  { given: 'François', family: 'Lefèvre', title: 'VP of Sales' },
  { given: 'Grace', family: 'Adeyemi', title: 'Director of Revenue Operations' },
  { given: 'Kenji', family: 'Watanabe', title: 'IT Manager' },
  { given: 'Lucía', family: 'Fernández', title: 'Sales Enablement Lead' },
  { given: 'Dmitri', family: 'Volkov', title: 'CTO' },
  { given: 'Siobhán', family: "O'Connor", title: 'Customer Success Director' },
  { given: 'Ines', family: 'Gonçalves', title: 'Procurement Manager' },
  { given: 'Thabo', family: 'Mokoena', title: 'Head of Sales' },
  { given: 'Noémie', family: 'Rousseau', title: 'Finance Director' },
  { given: 'Rahul', family: 'Mehta', title: 'Operations Analyst' },
  { given: 'Astrid', family: 'Bergström', title: 'Chief Revenue Officer' },
  { given: 'Jürgen', family: 'Hoffmann', title: 'Head of IT Security' },
  { given: 'Camille', family: 'Martin', title: 'Sales Manager' },
  { given: 'Yusuf', family: 'Demir', title: 'Regional Director' },
  { given: 'Olivia', family: 'Park', title: 'COO' },
];

export const prospects: readonly string[] = [
  'Orion Freight',
  'Brightwater Foods',
  'Helix Biotech',
  'Kärnten Logistik',
  'São Paulo Mobility',
  'Nordlys Energy',
  'Café Olé Holdings',
  'Papel & Tinta',
  'Greenfield Dairy',
  'Atlas Insurance',
  'Bluefin Retail',
  'Cobalt Mining Co',
  'Mérida Hotels',
  'Vinterhavn Shipping',
  'Pioneer Credit Union',
  'Redwood Dental Group',
  'Zürich Precision',
  'Silverline Telecom',
  'Maple & Oak Realty',
  'Tidewater Clinics',
];

export const competitors: readonly string[] = ['Signalwise', 'TalkTrack', 'Pipewise', 'Chorusly', 'Brightcall'];

export const integrations: readonly string[] = ['Salesforce', 'HubSpot', 'Slack', 'Zendesk', 'Microsoft Teams', 'Zoom'];

export const months: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const weekdays: readonly string[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
