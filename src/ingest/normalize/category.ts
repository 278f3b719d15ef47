import { LRUCache } from 'lru-cache';
/**
 * Category slug (domain/categories.ts) from the title, then the department, then the
 * skills. Title rules run in a fixed order chosen so the role noun wins over the domain
 * it serves: "Engineering Recruiter" is recruiting, "AI Product Manager" product,
 * "Product Designer" design, "Sales Engineer" sales, "Security Engineer" security, and
 * generic "engineer/developer" only after every specialised engineering family.
 * Healthcare and education come after software so "Software Engineer, Health" stays
 * software; they still precede the operations catch-all.
 */
import { foldText } from '../../domain/text.ts';

/**
 * `generic`: a role noun a qualifier may specialise ("Software Engineer - Data Engineering").
 * `weak`: a catch-all ("engineer", "coordinator") that names no family by itself. */
type Rule = readonly [slug: string, pattern: RegExp, kind?: 'weak' | 'generic'];

const TITLE_RULES: readonly Rule[] = [
  [
    'hr-recruiting',
    /\b(?:recruit\w*|sourcer|talent acquisition|(?<!workers )compensation|total rewards|benefits analyst|talent partner|human resources|hr|hrbp|people (?:operations|ops|partner|business partner|team|manager)|head of people|vp,? people|chief people officer|benefits (?:manager|specialist)|payroll specialist|learning (?:&|and) development)\b/,
  ],
  [
    'legal',
    /\b(?:counsel|attorney|lawyer|paralegal|legal|compliance|privacy officer|regulatory affairs|contracts? manager)\b/,
  ],
  // Product marketing markets the product: "Director, Product Marketing", "Group Product
  // Marketing Manager" are marketing, not product management (58 rows of ../shared/data).
  ['marketing', /\bproduct marketing\b/],
  [
    'product-management',
    /\b(?:product manager|product owner|product management|product lead|head of product(?! design)|vp,? (?:of )?product|director,? (?:of )?product|chief product officer|group product|technical program manager|tpm)\b/,
  ],
  // Design roles. The design domain alone ("UX") comes after the data
  // families, so "UX Data Scientist" is a data scientist (issue 11).
  [
    'design',
    /\b(?:designer|design lead|design manager|head of design|design director|user research(?:er)?|creative director|art director|illustrator|animator|motion graphics|product design|visual design|graphic design|interaction design)\b/,
  ],
  [
    'sales',
    /\b(?:sales|account exec(?:utive)?|business development|bdr|sdr|account manager|account director|solutions? engineer|sales engineer|pre-?sales|solutions? consultant|partnerships?|channel manager|sales enablement|enablement|inside sales|revenue (?:manager|director)|gtm engineer\w*|go[- ]to[- ]market engineer\w*|customer engineer\w*|field applications? engineer\w*)\b/,
  ],
  [
    'customer-success',
    /\b(?:customer success|customer support|customer service|customer experience|client success|client services|support (?:specialist|engineer|agent|representative|associate|analyst|lead)|technical support|implementation (?:manager|specialist|consultant|engineer)|onboarding specialist|customer care)\b/,
  ],
  [
    'machine-learning',
    /\b(?:machine learning|ml|ai|artificial intelligence|deep learning|nlp|llm|computer vision|mlops|applied scientist|research[ /]?scientists?|research[ /]?engineers?|ai engineer|ml engineer|perception)\b/,
  ],
  [
    'data-science',
    /\b(?:data scien\w*|data analy\w*|data engineer\w*|analytics|business intelligence|bi (?:developer|analyst|engineer)|statistician|quantitative (?:analyst|research\w*)|data architect|data platform|data (?:specialist|manager|lead|modeler|steward|governance|quality|management|integration|operations|services|pipelin\w*|warehous\w*)|etl|elt|web analy\w*)\b/,
  ],
  ['design', /\b(?:ux|ui\/ux|ux\/ui)\b/],
  [
    'security',
    /\b(?:security|infosec|cyber\w*|penetration|pentest\w*|appsec|soc analyst|threat|vulnerability|identity (?:and|&) access|iam engineer)\b/,
  ],
  [
    'devops-infrastructure',
    /\b(?:devops|dev ops|sre|site reliability|infrastructure|platform engineer\w*|cloud (?:engineer|architect|operations)|systems? administrator|sysadmin|network (?:engineer|administrator)|database administrator|dba|release engineer|build engineer|production engineer|it support|desktop support|help ?desk|it (?:systems? )?(?:specialist|administrator|manager|engineer|technician)|(?<!distributed )systems engineer)\b/,
  ],
  // Quality in food and plant production is operations, not software testing.
  ['operations', /\b(?:food safety|quality control)\b/],
  [
    'qa-testing',
    /\b(?:qa|quality assurance|test engineer|testing|tester|sdet|test automation|automation tester|quality engineer\w*|software engineer in test)\b/,
  ],
  // Building and plant trades: a stationary engineer runs a building's boilers and
  // HVAC; a field service engineer keeps equipment running at customers' sites. Before
  // hardware and software engineering, whose "engineer" they share (issue 11).
  [
    'operations',
    /\b(?:stationary engineer\w*|operating engineer|building engineer|facilities engineer|maintenance (?:engineer|technician|mechanic)|field service (?:engineer|technician)s?|(?<!(?:cloud|software|ai|ml|data|platform|solutions|security|grok) )field engineers?|boiler operator|hvac technician|electrician|plumber|pipefitter|welder|machinist|millwright|carpenter)\b/,
  ],
  // Lab sciences' engineers (biotech): not a family of their own here.
  [
    'other',
    /\b(?:antibody|protein|assay|cell line|formulation|bioprocess|tissue|crispr) (?:engineer\w*|engineering|scientist)\b/,
  ],
  [
    'hardware-engineering',
    /\b(?:hardware|electrical engineer\w*|mechanical engineer\w*|(?:civil|structural|environmental|geotechnical|transportation|traffic|water resources|chemical|process|manufacturing|industrial|biomedical|materials|mining|petroleum|aerospace|nuclear|hvac|mep|piping|construction) engineer\w*|firmware|fpga|asic|pcb|rf engineer|wireless engineer\w*|antenna|wastewater|water treatment|silicon|analog|embedded|chip|semiconductor|mechatronics|robotics engineer|manufacturing engineer|process engineer|civil engineer|structural engineer|chemical engineer|design verification|verification engineer|physical design|(?<!software[ /])(?:electrical|mechanical|electro-?mechanical|power electronics|power systems|thermal|capacitor|battery|controls|stress|propulsion|avionics|optical|electro-?optical|photonics|spacecraft|satellite|hydraulic|instrumentation)(?:[ /&,-]+(?!software\b)[a-z]+){0,3}?[ /&,-]+(?:engineer\w*|engineering|design engineer\w*)|engineer\w*(?: intern)?,? (?:- )?(?:electrical|mechanical)|(?<!software )project engineer\w*|engineer(?:ing)? technician)\b/,
  ],
  [
    'marketing',
    /\b(?:marketing|marketer|growth (?:marketing|manager|marketer|lead)|head of growth|seo|sem|brand (?:manager|marketing|strategist|lead)|communications|public relations|pr (?:manager|specialist)|social media|demand gen\w*|content marketing|events? (?:manager|coordinator)|community (?:manager|lead|specialist|builder|marketing)|head of community|lifecycle|crm (?:manager|specialist|lead|strategist|marketing)|email marketing|(?:customer|audience|email) segmentation|segmentation manager|influencer|creator (?:outreach|partnerships?|marketing|growth)|copy ?writer)\b/,
  ],
  [
    'content-writing',
    /\b(?:writer|copywriter|copywriting|editor|editorial|producer|videographer|video editor|podcast\w*|content (?:strategist|creator|producer|designer|manager|specialist)|journalist|technical writer|documentation|localization|translator)\b/,
  ],
  [
    'finance',
    /\b(?:finance|financial|accountant|accounting|controller|fp&a|fp and a|tax|treasury|payroll|audit\w*|bookkeep\w*|billing|accounts (?:payable|receivable)|investment|wealth|collections|cfo|actuar\w*|credit analyst|underwriter)\b/,
  ],
  ['software-engineering', /\b(?:front-?end|back-?end|full-?stack|ios|android|devrel|developer advocate)\b/],
  // "Mobile" and "web" name software, unless the title's role is another trade's: a "Mobile
  // Nurse Practitioner" visits patients, a "Mobile Service Technician" repairs machines on
  // site, a "Mobile Crane Operator" drives one (20 such titles of ../shared/data were software).
  [
    'software-engineering',
    /^(?!.*\b(?:nurse|practitioner|practice|physician|np|pa|phlebotom\w*|veterinar\w*|dental|therapist|caregiver|technician|mechanic|operator|repair|equipment|crane|grinder|camera|banking|tutor|ta)\b).*\b(?:mobile|web)\b/,
  ],
  // A software engineer whose qualifier names a family ("- Data Engineering") is that family's.
  ['software-engineering', /\b(?:software|developers?|programmer|coder|sde|swe)\b/, 'generic'],
  ['software-engineering', /\b(?:engineers?|engineering|architect|tech lead|cto)\b/, 'weak'],
  [
    'healthcare',
    /\b(?:nurse|rn|lpn|physician|doctor|clinical|clinician|medical|therapist|therapy|oncology|bcba|pharmacist|pharmacy|dental|dentist|hygienist|psychologist|psychiatrist|counselor|caregiver|health|patient|radiolog\w*|imaging (?:specialist|technologist|tech)|sonograph\w*|ultrasound|surgeon|veterinar\w*|care coordinator|md|np|pa-c|optician|optometrist|behaviou?r(?:al)? (?:technician|interventionist|specialist)|rbt|autism|speech(?:-language| language)? pathologist|slp|auxiliaire de vie|(?<!d )aide a domicile|aide aux personnes)\b/,
  ],
  [
    'education',
    /\b(?:teacher|tutor|instructor|professor|educator|curriculum|teaching|lecturer|school|faculty|academic|trainer|instructional designer)\b/,
  ],
  ['operations', /\b(?:program manager|project manager|chief of staff)\b/],
  [
    'operations',
    /\b(?:operations|ops|logistics|supply chain|procurement|purchasing|office manager|executive assistant|administrative|admin|assistant|facilities|warehouse|driver|technician|project manager|program manager|chief of staff|strategy|business analyst|coordinator|dispatcher|fulfillment|inventory|workplace|receptionist|operator|scheduler|planner)\b/,
    'weak',
  ],
  // Role nouns no family above names, found among the titles that fell to "other" in
  // ../shared/data (22 % of its rows; issue 11 golden set: category was the worst field).
  // They come last so they only decide where no rule above did: "trader", "supervisor",
  // "merchant" are role nouns here but domain words in "Trading Systems Engineer",
  // "Clinical Supervisor", "Merchant Payments Engineer".
  [
    'marketing',
    /\b(?:paid (?:media|social|search|performance)|performance media|media (?:buyer|buying|manager|planner|planning|strategist|director|lead|specialist|analyst)|video strategist|campaign (?:manager|specialist|coordinator|lead))\b/,
  ],
  [
    'sales',
    /\b(?:market development|merchant (?:lead|manager|acquisition|solutions|development|sales|partnerships?)|leasing (?:consultant|agent|specialist|manager|professional)|(?<!supplier |vendor )relationship manager|account development|partner manager|regional vice president|rvp)\b/,
  ],
  [
    'customer-success',
    /\b(?:professional services|(?:customer|client) (?:onboarding|engagement|experience)|onboarding (?:manager|lead))\b/,
  ],
  ['data-science', /\b(?:biostatistic\w*|insights (?:analyst|manager|lead)|product analyst)\b/],
  ['hr-recruiting', /\b(?:employee relations|employee experience|workforce planning)\b/],
  ['finance', /\b(?:trader|traders|venture (?:partner|director|associate|capital)|investor relations)\b/],
  ['devops-infrastructure', /\bservice desk\b/],
  [
    'software-engineering',
    /\b(?:application development|applications? developer|ingenieur logiciel|developpeur)\b/,
  ],
  [
    'operations',
    /\b(?:team member|store (?:manager|lead|associate)|keyholder|key holder|(?:shift|floor) (?:lead|supervisor|manager)|general manager|maintenance (?:supervisor|manager|lead|worker|associate))\b/,
  ],
];

// Departments use their own words ("People", "R&D", "G&A", "GTM").
const DEPARTMENT_RULES: readonly Rule[] = [
  ['hr-recruiting', /\b(?:people|talent|hr|human resources|recruiting)\b/],
  ['sales', /\b(?:revenue|gtm|go to market|go-to-market|business development)\b/],
  ['product-management', /^product$|\bproduct management\b/],
  ['software-engineering', /\b(?:r&d|research (?:and|&) development|technology|tech|it)\b/],
  ['operations', /\b(?:g&a|general (?:and|&) administrative|admin|business operations)\b/],
];

const SKILL_FAMILIES: readonly Rule[] = [
  [
    'machine-learning',
    /^(?:PyTorch|TensorFlow|Keras|scikit-learn|Machine Learning|Deep Learning|NLP|Computer Vision|LLMs|MLOps|LangChain)$/,
  ],
  [
    'data-science',
    /^(?:Pandas|NumPy|R|Tableau|Power BI|Looker|dbt|Airflow|Apache Spark|Statistics|SPSS|Stata|SAS|BigQuery|Snowflake)$/,
  ],
  [
    'devops-infrastructure',
    /^(?:Kubernetes|Terraform|Ansible|Helm|Docker|Prometheus|Grafana|Pulumi|CloudFormation)$/,
  ],
  ['design', /^(?:Figma|Sketch|Adobe Photoshop|Adobe Illustrator|UX Research)$/],
  [
    'software-engineering',
    /^(?:JavaScript|TypeScript|Python|Java|Go|Rust|C\+\+|C#|Ruby|PHP|Kotlin|Swift|React|Node\.js|Django|Ruby on Rails|\.NET|Spring|Angular|Vue\.js)$/,
  ],
];

function fold(s: string): string {
  return foldText(s)
    .replace(/[^a-z0-9&+#/\s-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function firstRule(rules: readonly Rule[], text: string): string | null {
  for (const [slug, re] of rules) if (re.test(text)) return slug;
  return null;
}

/** Where a title's role ends and its qualifiers begin: "Backend Engineer, AI Product". */
const QUALIFIER = /\s*[,(|:\u2013\u2014[]\s*|\s-\s|-\s|\s(?:for|at)\s/i;

const TRAILING_LEVELS =
  /(?: (?:i{1,3}|iv|v|vi{1,3}|l?\d+|sr|jr|senior|junior|staff|principal|intern|internship|co-?op|trainee|new grad))+$/;

/** Each title rule with the global flag, built once, for `reachesHead`'s scan. */
const GLOBAL_RULES = new Map(TITLE_RULES.map(([, re]) => [re, new RegExp(re.source, 'g')]));

/**
 * Whether some match of `re` in `text` ends after `from`. An exec loop, not matchAll: it
 * is the hot path of a cold ingest, and matchAll's copy of the regex per call nearly
 * doubled the cost of classifying a title. The scan starts at 0 whatever the last title left.
 */
function reachesHead(re: RegExp, text: string, from: number): boolean {
  const g = GLOBAL_RULES.get(re) as RegExp;
  g.lastIndex = 0;
  for (let m = g.exec(text); m; m = g.exec(text)) {
    if (m.index + m[0].length > from) return true;
    if (m[0].length === 0) g.lastIndex++;
  }
  return false;
}

/** Families a software engineer's qualifier can name. */
const ENGINEERING_FAMILIES = new Set([
  'machine-learning',
  'data-science',
  'security',
  'devops-infrastructure',
  'qa-testing',
  'hardware-engineering',
]);

/**
 * The role noun first: the last three words before the title's first qualifier, by the
 * rules that name a family ("backend engineer", "test engineer", "program manager"),
 * so a domain word elsewhere ("AI Product", "Data Analytics", "Securities Finance") does
 * not pull the job into that domain. A catch-all ("engineer", "coordinator") decides
 * nothing here, nor does a compound role ("Research Scientists and Research Engineers"):
 * the whole title does, as before. A plain software engineer takes the family its
 * qualifier names ("- Database Infrastructure").
 */
function fromRoleNoun(title: string): string | null {
  const [first, ...rest] = title.split(QUALIFIER) as [string, ...string[]];
  const role = fold(first);
  // (An empty role, "(Remote) Engineer", matches no rule below.)
  if (/(?:^| )(?:&|and)(?: |$)|\//.test(role)) return null;
  // A rule's match must reach into the last three words; it is tried on the whole role
  // so that its look-behinds see what precedes ("Workers' Compensation … Attorney").
  // Levels after the role noun ("Embedded Software Engineer II", "… Engineer Intern") are not part of it.
  // (Each level takes the space before it, so the first word always stays.)
  const words = role.replace(TRAILING_LEVELS, '').split(' ');
  const kept = words.join(' ');
  const headStart = kept.length - words.slice(-3).join(' ').length;
  const rule = TITLE_RULES.find(([, re, kind]) => kind !== 'weak' && reachesHead(re, kept, headStart));
  if (!rule) return null;
  // (Without a qualifier, the empty one names no family.)
  if (rule[2] === 'generic') {
    const qualifier = fold(rest.join(' '));
    const family = TITLE_RULES.find(([slug, re]) => ENGINEERING_FAMILIES.has(slug) && re.test(qualifier));
    if (family) return family[0];
  }
  return rule[0];
}

/**
 * The title's family, remembered per title: titles repeat across a feed ("Registered
 * Nurse", "Software Engineer") and the role-noun rules run every title rule over the
 * title, the largest share of this module's cost in a cold ingest.
 */
const byTitle = new LRUCache<string, { slug: string | null }>({ max: 4096 });

function titleCategory(title: string, folded: string): string | null {
  return (byTitle.get(title) ?? remember(title, folded)).slug;
}

function remember(title: string, folded: string): { slug: string | null } {
  const hit = { slug: fromRoleNoun(title) ?? firstRule(TITLE_RULES, folded) };
  byTitle.set(title, hit);
  return hit;
}

/** Slug by title, department, then skills; 'other' for a title that fits nothing, null for no title. */
export function classifyCategory(
  title: string | null | undefined,
  department?: string | null,
  skills?: readonly string[] | null,
): string | null {
  const t = typeof title === 'string' ? fold(title) : '';
  const fromTitle = t ? titleCategory(title as string, t) : null;
  if (fromTitle) return fromTitle;
  // A blank department folds to '', which no rule matches.
  if (typeof department === 'string') {
    const d = fold(department);
    const fromDept = firstRule(DEPARTMENT_RULES, d) ?? firstRule(TITLE_RULES, d);
    if (fromDept) return fromDept;
  }
  if (Array.isArray(skills)) {
    // The family with the most skills wins; ties go to the earlier family.
    let best: string | null = null;
    let bestCount = 0;
    for (const [slug, re] of SKILL_FAMILIES) {
      // (A value that is not a string reads as its text, which names no skill: 42 is "42".)
      const count = skills.filter((s) => re.test(s)).length;
      if (count > bestCount) [best, bestCount] = [slug, count];
    }
    if (best) return best;
  }
  // A title the rules cannot read, in a script they do not cover ("キー・ビジネスディベロッパー（日本）"),
  // is still a title: 'other', like one in English that fits nothing. Only a title with
  // no letter or digit at all ("***") has no category.
  return typeof title === 'string' && /[\p{L}\p{N}]/u.test(title) ? 'other' : null;
}
