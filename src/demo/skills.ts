/**
 * Skill pools that fit each kind of title, and sentences that put the picked skills
 * into a description. A pool is an optional coherent stack (a language with its own
 * frameworks) plus groups of tools; the generator takes a few from each.
 */
import type { Rng } from './random.ts';

export type SkillPoolKey =
  | 'backend'
  | 'frontend'
  | 'fullstack'
  | 'ios'
  | 'android'
  | 'embedded'
  | 'dataeng'
  | 'analytics'
  | 'datasci'
  | 'ml'
  | 'devops'
  | 'security'
  | 'qa'
  | 'product'
  | 'design'
  | 'marketing'
  | 'sales'
  | 'support'
  | 'finance'
  | 'people'
  | 'operations'
  | 'legal'
  | 'clinical'
  | 'teaching'
  | 'electrical'
  | 'mechanical'
  | 'writing';

export interface SkillPool {
  /** Coherent stacks: the first entry is always taken, one more may follow. */
  stacks?: readonly (readonly string[])[];
  groups: readonly (readonly string[])[];
  /** Sentences naming the skills; `s` holds 3–8 skills, stack first. */
  sentences: readonly ((s: readonly string[]) => string)[];
}

/** "A, B and C" */
export function joinList(items: readonly string[], word = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`;
}

const last = (s: readonly string[]): string => s[s.length - 1] ?? '';

const BUILD = [
  (s: readonly string[]) => `You will build services in ${s[0]} and ${s[2] ?? s[1]} on ${last(s)}.`,
  (s: readonly string[]) => `Our stack is ${joinList(s)}, and we pick boring technology on purpose.`,
  (s: readonly string[]) => `Day to day you will work with ${joinList(s)}.`,
  (s: readonly string[]) =>
    `You have shipped production code in ${s[0]}; experience with ${joinList(s.slice(1), 'or')} is a plus.`,
];
const TOOLS = [
  (s: readonly string[]) => `You will use ${joinList(s)} every day.`,
  (s: readonly string[]) => `The tools of the trade here: ${joinList(s)}.`,
  (s: readonly string[]) =>
    `Hands-on experience with ${joinList(s.slice(0, 3))} is expected; ${joinList(s.slice(3), 'or') || s[0]} is a bonus.`,
  (s: readonly string[]) => `You are comfortable with ${joinList(s)}.`,
];

const CLOUD = ['AWS', 'GCP', 'Azure', 'Kubernetes', 'Docker', 'Terraform'];

export const SKILL_POOLS: Readonly<Record<SkillPoolKey, SkillPool>> = {
  backend: {
    stacks: [
      ['Go', 'gRPC', 'REST APIs'],
      ['Java', 'Spring Boot'],
      ['Kotlin', 'Spring Boot', 'Ktor'],
      ['Python', 'Django', 'FastAPI', 'Flask'],
      ['TypeScript', 'Node.js', 'NestJS', 'GraphQL'],
      ['Ruby', 'Ruby on Rails'],
      ['C#', '.NET', 'ASP.NET Core'],
      ['Elixir', 'Phoenix'],
      ['Rust', 'Tokio'],
      ['PHP', 'Laravel', 'Symfony'],
      ['Scala', 'Akka'],
    ],
    groups: [
      ['PostgreSQL', 'MySQL', 'DynamoDB', 'MongoDB', 'Cassandra'],
      ['Redis', 'Kafka', 'RabbitMQ', 'Elasticsearch'],
      CLOUD,
    ],
    sentences: BUILD,
  },
  frontend: {
    stacks: [
      ['TypeScript', 'React', 'Next.js'],
      ['TypeScript', 'Vue.js', 'Nuxt'],
      ['TypeScript', 'Angular', 'RxJS'],
      ['JavaScript', 'Svelte'],
    ],
    groups: [
      ['HTML', 'CSS', 'Tailwind CSS', 'Sass'],
      ['GraphQL', 'REST APIs', 'Redux', 'React Query'],
      ['Jest', 'Playwright', 'Cypress', 'Storybook', 'Vite', 'Webpack'],
    ],
    sentences: [
      (s) => `You will build interfaces in ${s[0]} and ${s[1]}, tested with ${last(s)}.`,
      ...BUILD.slice(1),
    ],
  },
  fullstack: {
    stacks: [
      ['TypeScript', 'React', 'Node.js'],
      ['Python', 'Django', 'React'],
      ['Ruby', 'Ruby on Rails', 'React'],
      ['TypeScript', 'Next.js', 'tRPC'],
      ['PHP', 'Laravel', 'Vue.js'],
    ],
    groups: [
      ['PostgreSQL', 'MySQL', 'MongoDB'],
      ['GraphQL', 'REST APIs', 'Redis'],
      ['AWS', 'GCP', 'Vercel', 'Docker'],
    ],
    sentences: BUILD,
  },
  ios: {
    stacks: [['Swift', 'SwiftUI', 'UIKit']],
    groups: [
      ['Combine', 'Core Data', 'XCTest'],
      ['GraphQL', 'REST APIs', 'Firebase'],
      ['Fastlane', 'Xcode Cloud', 'CI/CD'],
    ],
    sentences: BUILD,
  },
  android: {
    stacks: [['Kotlin', 'Jetpack Compose', 'Coroutines']],
    groups: [
      ['Room', 'Dagger', 'Hilt', 'Retrofit'],
      ['GraphQL', 'REST APIs', 'Firebase'],
      ['Gradle', 'JUnit', 'Espresso'],
    ],
    sentences: BUILD,
  },
  embedded: {
    stacks: [
      ['C', 'C++', 'RTOS'],
      ['C++', 'Embedded Linux', 'Yocto'],
      ['Rust', 'Embedded Rust', 'no_std'],
    ],
    groups: [
      ['ARM Cortex-M', 'FreeRTOS', 'Zephyr'],
      ['CAN bus', 'SPI', 'I2C', 'Bluetooth Low Energy'],
      ['Python', 'Git', 'JTAG'],
    ],
    sentences: BUILD,
  },
  dataeng: {
    stacks: [
      ['Python', 'Apache Spark', 'PySpark'],
      ['Scala', 'Apache Spark'],
      ['SQL', 'dbt'],
    ],
    groups: [
      ['Airflow', 'Dagster', 'Prefect'],
      ['Snowflake', 'BigQuery', 'Redshift', 'Databricks'],
      ['Kafka', 'Flink', 'AWS', 'GCP'],
    ],
    sentences: [
      (s) => `You will build pipelines in ${s[0]} and ${s[1]}, landing data in ${last(s)}.`,
      ...BUILD.slice(1),
    ],
  },
  analytics: {
    stacks: [
      ['SQL', 'Python', 'pandas'],
      ['SQL', 'R'],
      ['SQL', 'dbt'],
    ],
    groups: [
      ['Looker', 'Tableau', 'Power BI', 'Metabase'],
      ['Snowflake', 'BigQuery', 'Excel'],
      ['A/B testing', 'statistics', 'Amplitude'],
    ],
    sentences: TOOLS,
  },
  datasci: {
    stacks: [
      ['Python', 'pandas', 'scikit-learn'],
      ['R', 'tidyverse'],
      ['Python', 'NumPy', 'statsmodels'],
    ],
    groups: [
      ['SQL', 'Spark', 'BigQuery'],
      ['experimentation', 'causal inference', 'Bayesian statistics', 'forecasting'],
      ['Jupyter', 'Airflow', 'Databricks'],
    ],
    sentences: TOOLS,
  },
  ml: {
    stacks: [
      ['Python', 'PyTorch'],
      ['Python', 'TensorFlow', 'JAX'],
      ['Python', 'PyTorch', 'Hugging Face Transformers'],
    ],
    groups: [
      ['LLMs', 'computer vision', 'NLP', 'recommendation systems', 'reinforcement learning'],
      ['CUDA', 'Ray', 'MLflow', 'Kubeflow', 'vector databases'],
      ['Kubernetes', 'AWS', 'GCP', 'Triton'],
    ],
    sentences: [
      (s) => `You will train and ship models in ${s[0]} with ${s[1]}, serving them on ${last(s)}.`,
      ...TOOLS,
    ],
  },
  devops: {
    stacks: [
      ['Kubernetes', 'Helm', 'Argo CD'],
      ['Terraform', 'AWS'],
      ['Terraform', 'GCP'],
      ['Ansible', 'Linux'],
    ],
    groups: [
      ['AWS', 'GCP', 'Azure'],
      ['Prometheus', 'Grafana', 'Datadog', 'OpenTelemetry'],
      ['Go', 'Python', 'Bash', 'GitHub Actions', 'Jenkins'],
    ],
    sentences: [
      (s) => `You will run our platform on ${s[0]} and ${s[1]}, automating it with ${last(s)}.`,
      ...TOOLS,
    ],
  },
  security: {
    groups: [
      ['threat modeling', 'penetration testing', 'incident response', 'application security'],
      ['SIEM', 'Splunk', 'CrowdStrike', 'Burp Suite', 'Wiz'],
      ['AWS', 'Kubernetes', 'Python', 'Go'],
      ['SOC 2', 'ISO 27001', 'zero trust', 'IAM'],
    ],
    sentences: TOOLS,
  },
  qa: {
    stacks: [
      ['TypeScript', 'Playwright'],
      ['Java', 'Selenium', 'TestNG'],
      ['Python', 'pytest'],
      ['JavaScript', 'Cypress'],
    ],
    groups: [
      ['Appium', 'Postman', 'k6', 'JMeter'],
      ['CI/CD', 'GitHub Actions', 'Jenkins'],
      ['test planning', 'exploratory testing', 'Jira'],
    ],
    sentences: TOOLS,
  },
  product: {
    groups: [
      ['roadmapping', 'discovery', 'user research', 'prioritization'],
      ['SQL', 'Amplitude', 'Mixpanel', 'A/B testing'],
      ['Jira', 'Linear', 'Figma', 'Productboard'],
      ['APIs', 'B2B SaaS', 'payments', 'marketplaces'],
    ],
    sentences: TOOLS,
  },
  design: {
    groups: [
      ['Figma', 'FigJam', 'Sketch'],
      ['design systems', 'prototyping', 'interaction design', 'visual design'],
      ['user research', 'usability testing', 'accessibility', 'WCAG'],
      ['Adobe Creative Suite', 'After Effects', 'HTML', 'CSS'],
    ],
    sentences: TOOLS,
  },
  marketing: {
    groups: [
      ['HubSpot', 'Marketo', 'Salesforce', 'Braze'],
      ['SEO', 'SEM', 'Google Ads', 'LinkedIn Ads', 'paid social'],
      ['Google Analytics', 'Looker Studio', 'SQL'],
      ['content marketing', 'lifecycle marketing', 'product marketing', 'event marketing'],
    ],
    sentences: TOOLS,
  },
  sales: {
    groups: [
      ['Salesforce', 'HubSpot', 'Outreach', 'Gong'],
      ['MEDDICC', 'Challenger', 'solution selling', 'SPIN selling'],
      ['enterprise sales', 'SMB sales', 'pipeline generation', 'negotiation'],
      ['LinkedIn Sales Navigator', 'ZoomInfo', 'Clari'],
    ],
    sentences: TOOLS,
  },
  support: {
    groups: [
      ['Zendesk', 'Intercom', 'Freshdesk', 'Salesforce Service Cloud'],
      ['onboarding', 'renewals', 'escalation management', 'account management'],
      ['SQL', 'APIs', 'Gainsight', 'Jira'],
    ],
    sentences: TOOLS,
  },
  finance: {
    groups: [
      ['Excel', 'Google Sheets', 'financial modeling'],
      ['NetSuite', 'SAP', 'QuickBooks', 'Xero', 'Workday Financials'],
      ['GAAP', 'IFRS', 'revenue recognition', 'FP&A', 'audit'],
      ['SQL', 'Anaplan', 'Adaptive Insights'],
    ],
    sentences: TOOLS,
  },
  people: {
    groups: [
      ['Greenhouse', 'Lever', 'Ashby', 'Workday'],
      ['sourcing', 'employer branding', 'interviewing', 'compensation'],
      ['employee relations', 'performance management', 'HRIS', 'employment law'],
      ['Excel', 'Culture Amp', 'Lattice'],
    ],
    sentences: TOOLS,
  },
  operations: {
    groups: [
      ['Excel', 'SQL', 'Google Sheets'],
      ['process improvement', 'Lean', 'Six Sigma', 'vendor management'],
      ['supply chain', 'logistics', 'procurement', 'inventory planning'],
      ['Salesforce', 'Zapier', 'Airtable', 'NetSuite'],
    ],
    sentences: TOOLS,
  },
  legal: {
    groups: [
      ['commercial contracts', 'SaaS agreements', 'negotiation'],
      ['GDPR', 'CCPA', 'privacy', 'data protection'],
      ['employment law', 'intellectual property', 'corporate governance', 'regulatory compliance'],
      ['Ironclad', 'DocuSign', 'contract lifecycle management'],
    ],
    sentences: TOOLS,
  },
  clinical: {
    groups: [
      ['patient care', 'care coordination', 'triage', 'telehealth'],
      ['Epic', 'Cerner', 'EHR documentation'],
      ['HIPAA', 'clinical protocols', 'quality improvement'],
      ['BLS certification', 'ACLS certification', 'medication management'],
    ],
    sentences: TOOLS,
  },
  teaching: {
    groups: [
      ['curriculum design', 'lesson planning', 'assessment design'],
      ['Canvas', 'Moodle', 'Google Classroom', 'Articulate 360'],
      ['instructional design', 'adult learning', 'e-learning', 'coaching'],
      ['mathematics', 'English', 'science', 'computer science'],
    ],
    sentences: TOOLS,
  },
  electrical: {
    groups: [
      ['PCB design', 'Altium Designer', 'KiCad', 'schematic capture'],
      ['analog circuits', 'power electronics', 'signal integrity', 'RF'],
      ['oscilloscopes', 'SPICE', 'EMC testing'],
      ['Python', 'MATLAB', 'FPGA', 'Verilog'],
    ],
    sentences: TOOLS,
  },
  mechanical: {
    groups: [
      ['SolidWorks', 'CATIA', 'Fusion 360', 'Onshape'],
      ['GD&T', 'DFM', 'FEA', 'tolerance analysis'],
      ['injection molding', 'sheet metal', 'CNC machining', 'additive manufacturing'],
      ['MATLAB', 'Python', 'ANSYS'],
    ],
    sentences: TOOLS,
  },
  writing: {
    groups: [
      ['technical writing', 'copywriting', 'editing', 'storytelling'],
      ['Markdown', 'Docs-as-code', 'Git', 'WordPress', 'Contentful'],
      ['SEO', 'content strategy', 'style guides'],
      ['APIs', 'OpenAPI', 'developer documentation', 'B2B SaaS'],
    ],
    sentences: TOOLS,
  },
};

/** 3–8 skills from a pool: the stack's language first, then a few from each group. */
export function pickSkills(rng: Rng, key: SkillPoolKey): string[] {
  const pool = SKILL_POOLS[key];
  const out: string[] = [];
  if (pool.stacks) {
    const stack = rng.pick(pool.stacks);
    out.push(stack[0] as string);
    if (stack.length > 1 && rng.chance(0.8)) out.push(rng.pick(stack.slice(1)));
  }
  for (const group of pool.groups) {
    if (!rng.chance(0.85)) continue;
    for (const skill of rng.sample(group, rng.chance(0.3) ? 2 : 1)) if (!out.includes(skill)) out.push(skill);
  }
  for (const group of pool.groups) {
    if (out.length >= 3) break;
    const extra = group.find((skill) => !out.includes(skill));
    if (extra) out.push(extra);
  }
  return out.slice(0, 8);
}
