/**
 * What identifies a posting across sources (issue 11 item 4), as strings the store can
 * index: the ATS job ids a posting carries (its own, and any Greenhouse, Ashby, Lever,
 * Workable or SmartRecruiters job named by one of its URLs — a Simplify or HN row linking
 * the employer's board), and its company's identities paired with its title key.
 *
 * A company is known by its normalized name squashed ("Credit Karma" → `creditkarma`),
 * the initials of that name (`Stevens Capital Management LP` → `scm`), its board token on
 * an ATS (`scm`, from the feed or from a board URL) and the first label of its own web
 * domain (`octane.co` → `octane`). Two postings are of one company when a name or token
 * of one equals a name or token of the other, or a token of one equals the other's
 * initials; two names with equal initials are not enough (many companies share them).
 *
 * Stored keys are typed (`n:` name, `i:` initials, `t:` token) and `matchKeysOf` lists
 * the stored keys a posting may meet, so one array overlap (`&&`, GIN index) finds every
 * candidate and a shared key is already a company match.
 */
import { foldText } from './text.ts';

/** The posting fields the keys are made of. */
export interface DedupSubject {
  source: string;
  board: string;
  externalId: string;
  companyNormalizedName: string;
  companyDomain: string | null;
  normalizedTitle: string;
  listingUrl: string | null;
  applyUrl: string | null;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * ATS platforms whose job ids are unique across the whole platform, not per board, with
 * the shape their ids have: only an id of that shape is taken for a platform-wide one
 * (a feed, or a test, may carry ids of its own making).
 */
const WHOLE_UUID = new RegExp(`^${UUID}$`);
const GLOBAL_ID_SHAPES: Record<string, RegExp> = {
  greenhouse: /^\d{4,}$/,
  ashby: WHOLE_UUID,
  lever: WHOLE_UUID,
  workable: /^[0-9a-f]{6,}$/,
  smartrecruiters: /^\d{6,}$/,
};
const GLOBAL_ID_PLATFORMS = new Set(Object.keys(GLOBAL_ID_SHAPES));

/**
 * Board URLs: the host, the board token the path starts with, and the job id after it
 * (lower-cased). A token alone (a board's front page) still names the company.
 */
const BOARD_URLS: { platform: string; host: RegExp; token: RegExp; job: RegExp }[] = [
  {
    platform: 'greenhouse',
    host: /(?:^|\.)greenhouse\.io$/,
    token: /^\/(?:v1\/boards\/)?(?!embed\/|v1\/)([a-z0-9_-]+)(?:\/|$)/,
    job: /^\/(?:v1\/boards\/)?[a-z0-9_-]+\/jobs\/(\d{4,})/,
  },
  {
    platform: 'ashby',
    host: /^jobs\.ashbyhq\.com$/,
    token: /^\/([^/]+)/,
    job: new RegExp(`^/[^/]+/(${UUID})`),
  },
  {
    platform: 'lever',
    host: /^jobs(?:\.eu)?\.lever\.co$/,
    token: /^\/([^/]+)/,
    job: new RegExp(`^/[^/]+/(${UUID})`),
  },
  {
    platform: 'workable',
    host: /^apply\.workable\.com$/,
    token: /^\/([^/]+)/,
    job: /^\/[^/]+\/j\/([0-9a-f]{6,})/,
  },
  {
    platform: 'smartrecruiters',
    host: /^jobs\.smartrecruiters\.com$/,
    token: /^\/([^/]+)/,
    job: /^\/[^/]+\/(\d{6,})/,
  },
];

/**
 * Hosts that list other employers' jobs (aggregators, link shorteners, ATS and career-site
 * hosts): their domain names no company. A host missing here gives every employer it
 * hosts one shared token, so each of their postings becomes every other's dedup candidate
 * (the demo's ATS host did that: a batch read 200 candidates instead of a handful).
 */
const NOT_AN_EMPLOYER =
  /(?:^|\.)(?:greenhouse\.io|ashbyhq\.com|lever\.co|workable\.com|smartrecruiters\.com|recruitee\.com|personio\.(?:de|com)|myworkdayjobs\.com|myworkdaysite\.com|workday\.com|icims\.com|jobvite\.com|bamboohr\.com|breezy\.hr|teamtailor\.com|pinpointhq\.com|rippling\.com|dover\.com|applytojob\.com|jazzhr\.com|paylocity\.com|adp\.com|ultipro\.com|taleo\.net|successfactors\.(?:com|eu)|oraclecloud\.com|eightfold\.ai|avature\.net|careerpuck\.com|comparably\.com|firststage\.co|builtin\.com|welcometothejungle\.com|otta\.com|join\.com|workatastartup\.com|ycombinator\.com|simplify\.jobs|linkedin\.com|lnkd\.in|glassdoor\.[a-z.]+|indeed\.[a-z.]+|wellfound\.com|angel\.co|google\.com|goo\.gl|bit\.ly|forms\.gle|notion\.site|notion\.so|github\.com|github\.io|docs\.google\.com|typeform\.com|airtable\.com|example-ats\.test)$/;

/**
 * Hosts whose first label is the employer's tenant ("leidos.wd5.myworkdayjobs.com",
 * "acme.bamboohr.com", "wayve.firststage.co"): that label is a board token.
 */
const TENANT_SUBDOMAIN =
  /^([a-z0-9-]+)\.(?:wd\d+\.myworkdayjobs\.com|bamboohr\.com|breezy\.hr|recruitee\.com|jobs\.personio\.(?:de|com)|teamtailor\.com|pinpointhq\.com|firststage\.co)$/;
/** Tenant labels that are a host's own ("www", "jobs", "careers", "app"), not an employer. */
const NOT_A_TENANT = new Set(['www', 'jobs', 'careers', 'app', 'apply', 'api', 'boards']);

function parseUrl(url: string | null): URL | null {
  if (!url) return null;
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const squash = (s: string) => foldText(s).replace(/[^a-z0-9]+/g, '');

/** The ATS job keys (`greenhouse:721888`) and board tokens the posting's URLs name. */
export function urlIdentities(urls: readonly (string | null)[]): { jobKeys: string[]; tokens: string[] } {
  const jobKeys: string[] = [];
  const tokens: string[] = [];
  for (const url of urls) {
    const u = parseUrl(url);
    if (!u) continue;
    const host = u.hostname.toLowerCase().replace(/^www\./, '');
    const path = u.pathname.toLowerCase();
    const board = BOARD_URLS.find((b) => b.host.test(host));
    if (board) {
      const token = board.token.exec(path)?.[1];
      if (token) tokens.push(squash(safeDecode(token)));
      const job = board.job.exec(path)?.[1];
      if (job) jobKeys.push(`${board.platform}:${job}`);
    }
    // Embedded boards on the employer's own site carry the job id in the query.
    const gh =
      u.searchParams.get('gh_jid') ?? (host.endsWith('greenhouse.io') ? u.searchParams.get('token') : null);
    if (gh && /^\d{4,}$/.test(gh)) jobKeys.push(`greenhouse:${gh}`);
    const ashby = u.searchParams.get('ashby_jid')?.toLowerCase();
    if (ashby && WHOLE_UUID.test(ashby)) jobKeys.push(`ashby:${ashby}`);
    if (host.endsWith('greenhouse.io')) {
      const forToken = u.searchParams.get('for');
      if (forToken) tokens.push(squash(forToken));
    }
    const tenant = TENANT_SUBDOMAIN.exec(host)?.[1];
    if (tenant && !NOT_A_TENANT.has(tenant)) tokens.push(squash(tenant));
    if (!board && !NOT_AN_EMPLOYER.test(host)) {
      const label = domainLabel(host);
      if (label) tokens.push(label);
    }
  }
  return { jobKeys: [...new Set(jobKeys)], tokens: [...new Set(tokens.filter((t) => t.length >= 2))] };
}

/** "careers.acme.co.uk" → "acme": the label before the public suffix (a short heuristic). */
function domainLabel(host: string): string | null {
  const labels = host.split('.');
  if (labels.length < 2) return null;
  // Second-level public suffixes such as co.uk, com.au.
  const sld = labels.length >= 3 && /^(?:co|com|org|net|ac|gov)$/.test(labels[labels.length - 2] as string);
  const label = labels[labels.length - (sld ? 3 : 2)];
  return label ? squash(label) || null : null;
}

/** A company's identities: names (squashed), initials, tokens (board tokens, domain labels). */
export interface CompanyIdentity {
  names: string[];
  initials: string[];
  tokens: string[];
}

/** Every key of a posting, made in one pass (`dedupKeysFor`). */
export interface DedupKeys {
  identity: CompanyIdentity;
  /** The ATS job keys (`greenhouse:721888`): its own id where platform-wide, and its URLs'. */
  atsJobs: string[];
  /** The keys stored with the job (`job.dedup_keys`). */
  stored: string[];
  /** The stored keys this posting matches (`matchKeysOf`). */
  match: string[];
}

/** A posting that may carry its keys, made where it was normalized (prepare.ts). */
type WithKeys = DedupSubject & { dedupKeys?: DedupKeys };

// Made once per posting, and carried with it from the normalize thread (prepare.ts): on
// the main thread, which plans and writes every batch, making them cost 15 µs a posting
// (URL parsing, and one WeakMap per kind of key). A posting built elsewhere (tests,
// the quality report) gets them on first ask, kept here.
const made = new WeakMap<DedupSubject, DedupKeys>();

/** The posting's keys: those it carries, else made now and kept for the next ask. */
function dedupKeysFor(job: WithKeys): DedupKeys {
  if (job.dedupKeys) return job.dedupKeys;
  let keys = made.get(job);
  if (!keys) made.set(job, (keys = makeDedupKeys(job)));
  return keys;
}

/** Every key of a posting, computed (no cache): what prepare.ts attaches to a posting. */
export function makeDedupKeys(job: DedupSubject): DedupKeys {
  const urls = urlIdentities([job.listingUrl, job.applyUrl]);
  const identity = companyIdentity(job, urls.tokens);
  const atsJobs = [...urls.jobKeys];
  const id = job.externalId.toLowerCase();
  if (GLOBAL_ID_SHAPES[job.source]?.test(id)) atsJobs.unshift(`${job.source}:${id}`);
  const ats = [...new Set(atsJobs)];
  const { names, initials, tokens } = identity;
  const title = job.normalizedTitle;
  const atsKeys = ats.map((k) => `ats:${k}`);
  const stored = [
    ...atsKeys,
    ...names.map((n) => `n:${n}|${title}`),
    ...initials.map((i) => `i:${i}|${title}`),
    ...tokens.map((t) => `t:${t}|${title}`),
  ];
  // The same ATS job, or the same title at a company one of whose names or tokens meets
  // the posting's names or tokens, or whose initials meet the posting's tokens (or the
  // reverse). Never initials against initials.
  const match = [...atsKeys];
  for (const x of [...names, ...tokens]) match.push(`n:${x}|${title}`, `t:${x}|${title}`);
  for (const t of tokens) match.push(`i:${t}|${title}`);
  for (const i of initials) match.push(`t:${i}|${title}`);
  return { identity, atsJobs: ats, stored, match: [...new Set(match)] };
}

function companyIdentity(job: DedupSubject, urlTokens: string[]): CompanyIdentity {
  const words = job.companyNormalizedName.split(/\s+/).filter(Boolean);
  const name = squash(job.companyNormalizedName);
  const initials = words.length >= 2 ? words.map((w) => w[0]).join('') : '';
  const tokens = [...urlTokens];
  // A feed of an ATS board is read by its token; a generic source's board is a dataset name.
  if (GLOBAL_ID_PLATFORMS.has(job.source) || ['recruitee', 'personio'].includes(job.source))
    tokens.push(squash(job.board));
  if (job.companyDomain) {
    const label = NOT_AN_EMPLOYER.test(job.companyDomain) ? null : domainLabel(job.companyDomain);
    if (label) tokens.push(label);
  }
  return {
    names: name ? [name] : [],
    initials: initials.length >= 2 ? [initials] : [],
    tokens: [...new Set(tokens.filter((t) => t.length >= 2))],
  };
}

export function companyIdentityOf(job: DedupSubject): CompanyIdentity {
  return dedupKeysFor(job).identity;
}

/** The ATS job keys of a posting: its own id on a platform with global ids, and its URLs'. */
export function atsJobKeysOf(job: DedupSubject): string[] {
  return dedupKeysFor(job).atsJobs;
}

/** The keys stored with a job (`job.dedup_keys`): `ats:` job keys and typed company|title keys. */
export function dedupKeysOf(job: DedupSubject): string[] {
  return dedupKeysFor(job).stored;
}

/**
 * The stored keys a posting matches: the same ATS job, or the same title at a company one
 * of whose names or tokens meets the posting's names or tokens, or whose initials meet the
 * posting's tokens (or the reverse). Never initials against initials.
 */
export function matchKeysOf(job: DedupSubject): string[] {
  return dedupKeysFor(job).match;
}

/**
 * The company identities alone (names, initials, tokens), for the write locks:
 * two postings merged by rule B always share one; by an ATS job, they share the job key.
 */
export function companyLockKeysOf(job: DedupSubject): string[] {
  const { names, initials, tokens } = companyIdentityOf(job);
  return [...names, ...initials, ...tokens];
}
