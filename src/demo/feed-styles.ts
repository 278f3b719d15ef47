/**
 * How each kind of ATS spells the same facts. Every demo company publishes through
 * one style, so a board is internally consistent the way a real feed is, while the
 * dataset as a whole carries every spelling normalization has to understand.
 */

export type JobTypeClass = 'full-time' | 'part-time' | 'contract' | 'internship' | 'temporary';
export type Workplace = 'remote' | 'hybrid' | 'onsite';
export type PayPeriod = 'year' | 'month' | 'day' | 'hour';

export interface FeedStyle {
  name: string;
  /** Platform spelling of each employment type. */
  jobTypes: Readonly<Record<JobTypeClass, string>>;
  /** Chance the feed leaves the employment type empty. */
  jobTypeMissing: number;
  /** Platform spelling of each workplace; null = the platform has no such field. */
  workplaces: Readonly<Record<Workplace, string>> | null;
  /** What the field says when the employer did not choose (null = field absent). */
  workplaceUnknown: string | null;
  /** Chance the employer left the workplace unspecified. */
  workplaceMissing: number;
  /** Whether the feed also carries a boolean remote flag. */
  remoteFlag: boolean;
  periods: Readonly<Record<PayPeriod, string>>;
  /** Share of salaried postings whose pay is structured (the rest state it in text). */
  structuredSalary: number;
  /** Share of multi-location postings delivered as a list rather than one text. */
  locationList: number;
  /** Share of single-city postings that also carry city/region/country fields. */
  structuredLocation: number;
  /** Dates as ISO strings or epoch milliseconds. */
  dates: 'iso' | 'epoch';
  weight: number;
}

export const FEED_STYLES: readonly FeedStyle[] = [
  {
    name: 'ashby-like',
    jobTypes: {
      'full-time': 'FullTime',
      'part-time': 'PartTime',
      contract: 'Contract',
      internship: 'Intern',
      temporary: 'Temporary',
    },
    jobTypeMissing: 0.02,
    workplaces: { remote: 'Remote', hybrid: 'Hybrid', onsite: 'OnSite' },
    workplaceUnknown: null,
    workplaceMissing: 0.08,
    remoteFlag: false,
    periods: { year: '1 YEAR', month: '1 MONTH', day: '1 DAY', hour: '1 HOUR' },
    structuredSalary: 0.9,
    locationList: 0.7,
    structuredLocation: 0,
    dates: 'iso',
    weight: 27,
  },
  {
    name: 'lever-like',
    jobTypes: {
      'full-time': 'Full-time',
      'part-time': 'Part-time',
      contract: 'Contract',
      internship: 'Internship',
      temporary: 'Temporary',
    },
    jobTypeMissing: 0.05,
    workplaces: { remote: 'remote', hybrid: 'hybrid', onsite: 'onsite' },
    workplaceUnknown: 'unspecified',
    workplaceMissing: 0.15,
    remoteFlag: false,
    periods: {
      year: 'per-year-salary',
      month: 'per-month-salary',
      day: 'per-day-wage',
      hour: 'per-hour-wage',
    },
    structuredSalary: 0.8,
    locationList: 0.5,
    structuredLocation: 0,
    dates: 'epoch',
    weight: 27,
  },
  {
    name: 'greenhouse-like',
    jobTypes: {
      'full-time': 'Full-time',
      'part-time': 'Part-time',
      contract: 'Contract',
      internship: 'Internship',
      temporary: 'Temporary',
    },
    jobTypeMissing: 0.6,
    workplaces: null,
    workplaceUnknown: null,
    workplaceMissing: 1,
    remoteFlag: false,
    periods: { year: 'year', month: 'month', day: 'day', hour: 'hour' },
    structuredSalary: 0.2,
    locationList: 0,
    structuredLocation: 0,
    dates: 'iso',
    weight: 16,
  },
  {
    name: 'workable-like',
    jobTypes: {
      'full-time': 'Full-time',
      'part-time': 'Part-time',
      contract: 'Contract',
      internship: 'Internship',
      temporary: 'Temporary',
    },
    jobTypeMissing: 0.03,
    workplaces: { remote: 'Remote', hybrid: 'Hybrid', onsite: 'OnSite' },
    workplaceUnknown: 'unspecified',
    workplaceMissing: 0.1,
    remoteFlag: true,
    periods: { year: 'year', month: 'month', day: 'day', hour: 'hour' },
    structuredSalary: 0.75,
    locationList: 0,
    structuredLocation: 0.8,
    dates: 'iso',
    weight: 15,
  },
  {
    name: 'generic-like',
    jobTypes: {
      'full-time': 'Full Time',
      'part-time': 'Part Time',
      contract: 'Contract',
      internship: 'Internship',
      temporary: 'Temporary',
    },
    jobTypeMissing: 0.08,
    workplaces: { remote: 'Remote', hybrid: 'Hybrid', onsite: 'On-site' },
    workplaceUnknown: null,
    workplaceMissing: 0.1,
    remoteFlag: false,
    periods: { year: 'annual', month: 'monthly', day: 'daily', hour: 'hourly' },
    structuredSalary: 0.7,
    locationList: 0.3,
    structuredLocation: 0.5,
    dates: 'iso',
    weight: 15,
  },
];
