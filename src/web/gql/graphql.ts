/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** What a key may do. */
export type ApiKeyScope =
  /** Everything READ does, and manages the organization's own keys (apiKeys and the key mutations). */
  | 'ADMIN'
  /** Reads the organization's board (organizationJobs, GET /jobs). */
  | 'READ';

/** Whether a key works now. */
export type ApiKeyStatus =
  /** Works (a rotated key works until its expiresAt). */
  | 'ACTIVE'
  /** Its expiresAt passed; it gets api_key_expired. */
  | 'EXPIRED'
  /** Revoked; it gets api_key_revoked. */
  | 'REVOKED';

/** The platform a job was collected from. */
export type AtsPlatform =
  /** Collected from ashby. */
  | 'ASHBY'
  /** The demo data set. */
  | 'DEMO'
  /** Imported from a JSON or CSV file. */
  | 'GENERIC'
  /** Collected from greenhouse. */
  | 'GREENHOUSE'
  /** Collected from lever. */
  | 'LEVER'
  /** Collected from personio. */
  | 'PERSONIO'
  /** Collected from recruitee. */
  | 'RECRUITEE'
  /** Collected from smartrecruiters. */
  | 'SMARTRECRUITERS'
  /** Collected from workable. */
  | 'WORKABLE';

/** Workplace types a filter can ask for. */
export type FilterRemoteType =
  /** Part of the time at an office. */
  | 'HYBRID'
  /** At the workplace. */
  | 'ONSITE'
  /** Work from anywhere the posting allows, no office required. */
  | 'REMOTE';

/** Filters; lists mean "any of" except skills ("all of"). All are optional. */
export type JobFilter = {
  /** Source platforms, any of. */
  atsPlatforms?: Array<AtsPlatform> | null | undefined;
  /** Category ids or slugs. */
  categories?: Array<string> | null | undefined;
  /** City names (case- and accent-insensitive). */
  cities?: Array<string> | null | undefined;
  /** Company names or ids. */
  companies?: Array<string> | null | undefined;
  /** ISO 3166-1 alpha-2 codes. */
  countries?: Array<string> | null | undefined;
  /** Departments, any of (case-insensitive). */
  departments?: Array<string> | null | undefined;
  /** Company names or ids to leave out. */
  excludeCompanies?: Array<string> | null | undefined;
  /** true: only jobs with a salary; false: only jobs without. */
  hasSalary?: boolean | null | undefined;
  /** true: remote only; false: all but remote. */
  isRemote?: boolean | null | undefined;
  /** Employment types, any of. */
  jobTypes?: Array<JobType> | null | undefined;
  /** Free location text: location, city or country code. */
  locations?: Array<string> | null | undefined;
  /** Annual USD; the job range starts at or below this. Excludes jobs without salary. */
  maxSalaryUsd?: number | null | undefined;
  /** Annual USD; the job range reaches at least this. Excludes jobs without salary. */
  minSalaryUsd?: number | null | undefined;
  /** Jobs with a place within a radius of a city or a point (NearInput). */
  near?: NearInput | null | undefined;
  /** Posted at or after this instant. */
  postedAfter?: string | null | undefined;
  /** Posted before this instant. */
  postedBefore?: string | null | undefined;
  /** Posted within this many days (1–3650). */
  postedWithinDays?: number | null | undefined;
  /** Title, company and description; prefix words, all must match. */
  query?: string | null | undefined;
  /** Workplace types, any of. */
  remoteTypes?: Array<FilterRemoteType> | null | undefined;
  /** Seniority levels, any of. */
  seniorities?: Array<Seniority> | null | undefined;
  /** All of these skills. */
  skills?: Array<string> | null | undefined;
  /** Sources (platform:board), any of. */
  sources?: Array<string> | null | undefined;
  /** Default OPEN. */
  status?: JobStatusFilter | null | undefined;
  /** Offers visa sponsorship (true) or says it does not (false). */
  visaSponsorship?: boolean | null | undefined;
};

/** Result order. RELEVANCE (the default with a query) ranks title over company over description, newest first among equals. */
export type JobSort =
  /** Most recently collected first (the live view). */
  | 'FIRST_SEEN'
  /** Newest posting date first. */
  | 'NEWEST'
  /** Best match first (whole word over prefix, title over company over description), then newest. */
  | 'RELEVANCE'
  /** Highest annual USD salary first; jobs without salary last. */
  | 'SALARY';

/** Which jobs to include by status. */
export type JobStatusFilter =
  /** Jobs of every status. */
  | 'ANY'
  /** Closed jobs only. */
  | 'CLOSED'
  /** Expired jobs only. */
  | 'EXPIRED'
  /** Open jobs only (the default). */
  | 'OPEN';

/** Employment type. */
export type JobType =
  /** Contract or freelance work. */
  | 'CONTRACT'
  /** Full-time employment. */
  | 'FULL_TIME'
  /** Internship or working student. */
  | 'INTERNSHIP'
  /** Part-time employment. */
  | 'PART_TIME'
  /** Temporary or seasonal work. */
  | 'TEMPORARY';

/** Jobs with a place within radiusKm of a point: give `place`, or `latitude` and `longitude`, not both. Distance is great-circle (haversine, mean earth radius 6371.0088 km) to the coordinates of the cities a job names; jobs with no city the gazetteer knows do not match. */
export type NearInput = {
  /** WGS84 degrees, -90 to 90; with longitude. */
  latitude?: number | null | undefined;
  /** WGS84 degrees, -180 to 180; with latitude. */
  longitude?: number | null | undefined;
  /** A city as postings name it ("Berlin", "Austin, TX", "Cambridge, UK"), read by the same gazetteer rules as ingest, or "latitude,longitude". A name that resolves to no city is `invalid_parameter`. */
  place?: string | null | undefined;
  /** Kilometres, 0.1 to 1000; default 50. */
  radiusKm?: number | null | undefined;
};

/** Workplace type. UNKNOWN when the source says nothing (never guessed from a city). */
export type RemoteType =
  /** Part of the time at an office. */
  | 'HYBRID'
  /** At the workplace. */
  | 'ONSITE'
  /** Work from anywhere the posting allows, no office required. */
  | 'REMOTE'
  /** The posting does not say. */
  | 'UNKNOWN';

/** Seniority, from the title and the source’s own level field. */
export type Seniority =
  /** Director or head of. */
  | 'DIRECTOR'
  /** Entry level, junior or graduate. */
  | 'ENTRY'
  /** Executive: VP, C-level. */
  | 'EXECUTIVE'
  /** Intern or working student. */
  | 'INTERN'
  /** Lead, staff or principal. */
  | 'LEAD'
  /** People manager. */
  | 'MANAGER'
  /** Mid level. */
  | 'MID'
  /** Senior. */
  | 'SENIOR';

export type ApiKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type ApiKeysQuery = { apiKeys: Array<{ id: string, prefix: string, name: string, scope: ApiKeyScope, status: ApiKeyStatus, createdAt: string, expiresAt: string | null, lastUsedAt: string | null, replacedByPrefix: string | null }> };

export type ApiKeyFieldsFragment = { id: string, prefix: string, name: string, scope: ApiKeyScope, status: ApiKeyStatus, createdAt: string, expiresAt: string | null, lastUsedAt: string | null, replacedByPrefix: string | null };

export type CreateApiKeyMutationVariables = Exact<{
  name: string;
  scope: ApiKeyScope;
  expiresAt?: string | null | undefined;
}>;


export type CreateApiKeyMutation = { createApiKey: { key: string, apiKey: { id: string, prefix: string, name: string, scope: ApiKeyScope, status: ApiKeyStatus, createdAt: string, expiresAt: string | null, lastUsedAt: string | null, replacedByPrefix: string | null } } };

export type RotateApiKeyMutationVariables = Exact<{
  prefix: string;
  overlapSeconds: number;
}>;


export type RotateApiKeyMutation = { rotateApiKey: { key: string, apiKey: { id: string, prefix: string, name: string, scope: ApiKeyScope, status: ApiKeyStatus, createdAt: string, expiresAt: string | null, lastUsedAt: string | null, replacedByPrefix: string | null }, previous: { id: string, prefix: string, name: string, scope: ApiKeyScope, status: ApiKeyStatus, createdAt: string, expiresAt: string | null, lastUsedAt: string | null, replacedByPrefix: string | null } } };

export type RevokeApiKeyMutationVariables = Exact<{
  prefix: string;
}>;


export type RevokeApiKeyMutation = { revokeApiKey: { id: string, prefix: string, name: string, scope: ApiKeyScope, status: ApiKeyStatus, createdAt: string, expiresAt: string | null, lastUsedAt: string | null, replacedByPrefix: string | null } };

export type SearchJobsQueryVariables = Exact<{
  filter?: JobFilter | null | undefined;
  first?: number | null | undefined;
  page?: number | null | undefined;
  sort?: JobSort | null | undefined;
  withFacets?: boolean;
}>;


export type SearchJobsQuery = { searchJobs: { totalCount: number, facets?: { remoteTypes: Array<{ value: RemoteType, count: number }>, jobTypes: Array<{ value: JobType, count: number }>, seniorities: Array<{ value: Seniority, count: number }>, categories: Array<{ value: string, count: number, category: { name: string } | null }>, countries: Array<{ value: string, count: number }>, cities: Array<{ value: string, count: number }>, skills: Array<{ value: string, count: number }>, salaryBands: Array<{ value: string, count: number, minUsd: number, maxUsd: number | null }> }, edges: Array<{ node: { id: string, title: string, companyName: string, location: string, remoteType: RemoteType, jobType: JobType | null, seniority: Seniority | null, salaryText: string | null, skills: Array<string>, postedAt: string, listingUrl: string | null, applyUrl: string | null } }> } };

export type LatestJobsQueryVariables = Exact<{
  first?: number | null | undefined;
  filter?: JobFilter | null | undefined;
}>;


export type LatestJobsQuery = { searchJobs: { totalCount: number, edges: Array<{ node: { id: string, title: string, companyName: string, location: string, remoteType: RemoteType, salaryText: string | null, firstSeenAt: string } }> } };

export type JobsAddedSubscriptionVariables = Exact<{
  filter?: JobFilter | null | undefined;
}>;


export type JobsAddedSubscription = { jobsAdded: Array<{ id: string, title: string, companyName: string, location: string, remoteType: RemoteType, salaryText: string | null, firstSeenAt: string }> };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const ApiKeyFieldsFragmentDoc = new TypedDocumentString(`
    fragment ApiKeyFields on ApiKey {
  id
  prefix
  name
  scope
  status
  createdAt
  expiresAt
  lastUsedAt
  replacedByPrefix
}
    `, {"fragmentName":"ApiKeyFields"}) as unknown as TypedDocumentString<ApiKeyFieldsFragment, unknown>;
export const ApiKeysDocument = new TypedDocumentString(`
    query ApiKeys {
  apiKeys {
    ...ApiKeyFields
  }
}
    fragment ApiKeyFields on ApiKey {
  id
  prefix
  name
  scope
  status
  createdAt
  expiresAt
  lastUsedAt
  replacedByPrefix
}`, {"hash":"sha256:e11448c084916c647db4f64a1bc0d18a3f95f9a98110a57803a166d586bb4087"}) as unknown as TypedDocumentString<ApiKeysQuery, ApiKeysQueryVariables>;
export const CreateApiKeyDocument = new TypedDocumentString(`
    mutation CreateApiKey($name: String!, $scope: ApiKeyScope!, $expiresAt: DateTime) {
  createApiKey(name: $name, scope: $scope, expiresAt: $expiresAt) {
    key
    apiKey {
      ...ApiKeyFields
    }
  }
}
    fragment ApiKeyFields on ApiKey {
  id
  prefix
  name
  scope
  status
  createdAt
  expiresAt
  lastUsedAt
  replacedByPrefix
}`, {"hash":"sha256:3b0ecc1f4f5dc6df5ed6f652489582e3f531328b62e0d3e6c2e78ff76c8fc724"}) as unknown as TypedDocumentString<CreateApiKeyMutation, CreateApiKeyMutationVariables>;
export const RotateApiKeyDocument = new TypedDocumentString(`
    mutation RotateApiKey($prefix: String!, $overlapSeconds: Int!) {
  rotateApiKey(prefix: $prefix, overlapSeconds: $overlapSeconds) {
    key
    apiKey {
      ...ApiKeyFields
    }
    previous {
      ...ApiKeyFields
    }
  }
}
    fragment ApiKeyFields on ApiKey {
  id
  prefix
  name
  scope
  status
  createdAt
  expiresAt
  lastUsedAt
  replacedByPrefix
}`, {"hash":"sha256:64df7ef08f2114be03e790a278f8fe299d6bb8faac15e07bb5a61653aa06cc39"}) as unknown as TypedDocumentString<RotateApiKeyMutation, RotateApiKeyMutationVariables>;
export const RevokeApiKeyDocument = new TypedDocumentString(`
    mutation RevokeApiKey($prefix: String!) {
  revokeApiKey(prefix: $prefix) {
    ...ApiKeyFields
  }
}
    fragment ApiKeyFields on ApiKey {
  id
  prefix
  name
  scope
  status
  createdAt
  expiresAt
  lastUsedAt
  replacedByPrefix
}`, {"hash":"sha256:a07388cf238e6570bd75dc7577123155465526f892f30a92792e08857cb24aad"}) as unknown as TypedDocumentString<RevokeApiKeyMutation, RevokeApiKeyMutationVariables>;
export const SearchJobsDocument = new TypedDocumentString(`
    query SearchJobs($filter: JobFilter, $first: Int, $page: Int, $sort: JobSort, $withFacets: Boolean! = true) {
  searchJobs(filter: $filter, first: $first, page: $page, sort: $sort) {
    totalCount
    facets @include(if: $withFacets) {
      remoteTypes {
        value
        count
      }
      jobTypes {
        value
        count
      }
      seniorities {
        value
        count
      }
      categories {
        value
        count
        category {
          name
        }
      }
      countries {
        value
        count
      }
      cities {
        value
        count
      }
      skills {
        value
        count
      }
      salaryBands {
        value
        count
        minUsd
        maxUsd
      }
    }
    edges {
      node {
        id
        title
        companyName
        location
        remoteType
        jobType
        seniority
        salaryText
        skills
        postedAt
        listingUrl
        applyUrl
      }
    }
  }
}
    `, {"hash":"sha256:7d8bdb55548e0e9777546bedb7c61f0e95f36a0c76bcd89ce8b71428a86e49cd"}) as unknown as TypedDocumentString<SearchJobsQuery, SearchJobsQueryVariables>;
export const LatestJobsDocument = new TypedDocumentString(`
    query LatestJobs($first: Int, $filter: JobFilter) {
  searchJobs(first: $first, sort: FIRST_SEEN, filter: $filter) {
    totalCount
    edges {
      node {
        id
        title
        companyName
        location
        remoteType
        salaryText
        firstSeenAt
      }
    }
  }
}
    `, {"hash":"sha256:425a5c04b616422705aa3c8993ab7496061b6ea1da5c28f628921dfb33a34d70"}) as unknown as TypedDocumentString<LatestJobsQuery, LatestJobsQueryVariables>;
export const JobsAddedDocument = new TypedDocumentString(`
    subscription JobsAdded($filter: JobFilter) {
  jobsAdded(filter: $filter) {
    id
    title
    companyName
    location
    remoteType
    salaryText
    firstSeenAt
  }
}
    `, {"hash":"sha256:fb7c5276a5ff9c237dca85e6d35a3d576612ce724fe6579b33564235ed0746dd"}) as unknown as TypedDocumentString<JobsAddedSubscription, JobsAddedSubscriptionVariables>;