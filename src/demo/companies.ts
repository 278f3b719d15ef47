/**
 * The invented companies: name, board slug, domain, industry, headquarters and how
 * many postings each tends to have. Built once from company-list.ts.
 */
import { COMPANY_LINES } from './company-list.ts';
import type { FunctionKey } from './functions.ts';
import { hashString } from './random.ts';

export type Industry =
  | 'saas'
  | 'devtools'
  | 'data'
  | 'ai'
  | 'fintech'
  | 'insurance'
  | 'health'
  | 'biotech'
  | 'edu'
  | 'hardware'
  | 'robotics'
  | 'security'
  | 'media'
  | 'gaming'
  | 'commerce'
  | 'logistics'
  | 'energy'
  | 'legal'
  | 'hrtech'
  | 'travel';

export interface IndustryProfile {
  /** Multipliers on the generic function weights. */
  boosts: Partial<Record<FunctionKey, number>>;
  /** What such a company does, completing "{name} ..." */
  pitches: readonly string[];
}

export const INDUSTRIES: Readonly<Record<Industry, IndustryProfile>> = {
  saas: {
    boosts: { sales: 1.4, support: 1.3 },
    pitches: [
      'builds workflow software for mid-sized companies',
      'makes the scheduling platform that thousands of service businesses run on',
      'helps operations teams replace spreadsheets with a shared, auditable workspace',
    ],
  },
  devtools: {
    boosts: { software: 1.5, devops: 1.8, writing: 1.5, hardware: 0, healthcare: 0 },
    pitches: [
      'builds developer tools that make deploys boring',
      'gives engineering teams fast, reliable CI pipelines',
      'makes observability affordable for teams of every size',
    ],
  },
  data: {
    boosts: { data: 4, ml: 1.5, hardware: 0, healthcare: 0 },
    pitches: [
      'turns messy operational data into decisions',
      'builds the analytics platform behind hundreds of retail brands',
      'helps finance and product teams trust their numbers',
    ],
  },
  ai: {
    boosts: { ml: 5, data: 1.5, hardware: 0.3 },
    pitches: [
      'builds AI assistants for customer-facing teams',
      'trains language models for regulated industries',
      'brings computer vision to quality control on factory floors',
    ],
  },
  fintech: {
    boosts: { finance: 3, security: 1.6, legal: 2, hardware: 0 },
    pitches: [
      'builds payment infrastructure for online marketplaces',
      'makes business banking simple for small companies',
      'helps lenders make faster, fairer credit decisions',
    ],
  },
  insurance: {
    boosts: { finance: 2, legal: 2, support: 1.6, data: 1.5, hardware: 0 },
    pitches: [
      'is rebuilding home insurance around the customer',
      'offers small-business insurance that can be bought in minutes',
      'prices risk with better data and pays claims faster',
    ],
  },
  health: {
    boosts: { healthcare: 14, support: 1.3, hardware: 0.3 },
    pitches: [
      'runs virtual and in-person primary care clinics',
      'connects patients with licensed therapists within days',
      'builds software that helps care teams coordinate patient care',
    ],
  },
  biotech: {
    boosts: { healthcare: 5, data: 2, ml: 2, hardware: 2 },
    pitches: [
      'develops diagnostics for early detection of chronic disease',
      'uses machine learning to speed up drug discovery',
      'builds lab automation for research teams',
    ],
  },
  edu: {
    boosts: { education: 14, writing: 2, design: 1.3, hardware: 0 },
    pitches: [
      'makes online courses that people actually finish',
      'builds tutoring tools for teachers and students',
      'helps universities run hybrid programs',
    ],
  },
  hardware: {
    boosts: { hardware: 9, qa: 1.5, operations: 2 },
    pitches: [
      'designs sensors for industrial monitoring',
      'builds the power electronics inside electric vehicles',
      'makes rugged connected devices for field teams',
    ],
  },
  robotics: {
    boosts: { hardware: 8, ml: 2, operations: 1.5 },
    pitches: [
      'builds autonomous mobile robots for warehouses',
      'makes robotic arms that small manufacturers can program',
      'develops inspection drones for infrastructure',
    ],
  },
  security: {
    boosts: { security: 7, devops: 1.5, hardware: 0 },
    pitches: [
      'protects cloud infrastructure for fast-growing companies',
      'builds identity and access tooling for IT teams',
      'detects account takeover before it happens',
    ],
  },
  media: {
    boosts: { writing: 6, marketing: 2, design: 2, hardware: 0 },
    pitches: [
      'publishes independent journalism and podcasts',
      'builds a streaming platform for niche documentaries',
      'helps creators turn their audience into a business',
    ],
  },
  gaming: {
    boosts: { software: 1.5, design: 2.5, qa: 3, hardware: 0 },
    pitches: [
      'makes cozy multiplayer games for PC and console',
      'builds mobile puzzle games played by millions',
      'develops tools and backend services for game studios',
    ],
  },
  commerce: {
    boosts: { marketing: 2, operations: 2.5, support: 1.5 },
    pitches: [
      'runs a direct-to-consumer brand for home goods',
      'builds the commerce platform behind independent retailers',
      'delivers groceries from local farms',
    ],
  },
  logistics: {
    boosts: { operations: 5, data: 1.5, hardware: 0.5 },
    pitches: [
      'moves freight across the continent with fewer empty miles',
      'builds routing software for last-mile delivery',
      'makes customs and cross-border shipping painless',
    ],
  },
  energy: {
    boosts: { hardware: 4, operations: 2, data: 1.5 },
    pitches: [
      'builds software for community solar projects',
      'manages home batteries as a virtual power plant',
      'helps factories measure and cut their emissions',
    ],
  },
  legal: {
    boosts: { legal: 10, writing: 2, hardware: 0 },
    pitches: [
      'automates contract review for in-house legal teams',
      'makes legal help affordable for small businesses',
      'builds e-discovery tools for litigation teams',
    ],
  },
  hrtech: {
    boosts: { people: 6, sales: 1.5, hardware: 0 },
    pitches: [
      'runs payroll and benefits for distributed teams',
      'builds hiring software for high-volume recruiting',
      'helps managers run fair performance reviews',
    ],
  },
  travel: {
    boosts: { support: 2.5, marketing: 2, operations: 1.5, hardware: 0 },
    pitches: [
      'books small-group adventure trips',
      'builds booking software for independent hotels',
      'makes business travel painless for finance teams',
    ],
  },
};

export interface DemoCompany {
  index: number;
  name: string;
  /** Board token: lowercase, hyphenated, without the legal suffix. */
  slug: string;
  domain: string;
  industry: Industry;
  /** ISO 3166-1 alpha-2 of the headquarters. */
  hq: string;
  /** Relative number of open postings. */
  weight: number;
}

const LEGAL_SUFFIX = / (Inc\.|GmbH|Ltd|Pty Ltd|Pvt Ltd|B\.V\.|SAS|AB|AG|Oy|S\.L\.|Lda|LLC)$/;

const COUNTRY_TLD: Readonly<Record<string, string>> = {
  DE: '.de',
  GB: '.co.uk',
  FR: '.fr',
  NL: '.nl',
  ES: '.es',
  SE: '.se',
  CH: '.ch',
  AU: '.com.au',
  IN: '.in',
  CA: '.ca',
  IE: '.ie',
  PL: '.pl',
  DK: '.dk',
  FI: '.fi',
  NO: '.no',
  BR: '.com.br',
  NZ: '.co.nz',
  IT: '.it',
  BE: '.be',
  AT: '.at',
  PT: '.pt',
};

function domainFor(base: string, industry: Industry, hq: string, h: number): string {
  const label = base.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const roll = h % 10;
  if (industry === 'ai' && roll < 5) return `${label}.ai`;
  if ((industry === 'devtools' || industry === 'data') && roll < 4) return `${label}.io`;
  const tld = COUNTRY_TLD[hq];
  if (tld && roll < 6) return `${label}${tld}`;
  if (roll === 9) return `get${label}.com`;
  return `${label}.com`;
}

function parseCompanies(): DemoCompany[] {
  const out: DemoCompany[] = [];
  for (const line of COMPANY_LINES.split('\n')) {
    const [name, industry, hq] = line.split('|');
    if (!name || !industry || !hq) continue;
    const base = name.replace(LEGAL_SUFFIX, '');
    const h = hashString(name);
    const slug = base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    // A few large employers, many small ones.
    const weight = (h >>> 8) % 17 === 0 ? 6 : 0.6 + ((h >>> 4) % 100) / 40;
    out.push({
      index: out.length,
      name,
      slug,
      domain: domainFor(base, industry as Industry, hq, h),
      industry: industry as Industry,
      hq,
      weight,
    });
  }
  return out;
}

export const COMPANIES: readonly DemoCompany[] = parseCompanies();

export const COMPANY_BY_SLUG: ReadonlyMap<string, DemoCompany> = new Map(COMPANIES.map((c) => [c.slug, c]));
