/* eslint-disable */
import * as types from './graphql.ts';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  fragment ApiKeyFields on ApiKey {\n    id\n    prefix\n    name\n    scope\n    status\n    createdAt\n    expiresAt\n    lastUsedAt\n    replacedByPrefix\n  }\n": typeof types.ApiKeyFieldsFragmentDoc,
    "\n  mutation CreateApiKey($name: String!, $scope: ApiKeyScope!, $expiresAt: DateTime) {\n    createApiKey(name: $name, scope: $scope, expiresAt: $expiresAt) {\n      key\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RotateApiKey($prefix: String!, $overlapSeconds: Int!) {\n    rotateApiKey(prefix: $prefix, overlapSeconds: $overlapSeconds) {\n      key\n      apiKey {\n        ...ApiKeyFields\n      }\n      previous {\n        ...ApiKeyFields\n      }\n    }\n  }\n": typeof types.RotateApiKeyDocument,
    "\n  mutation RevokeApiKey($prefix: String!) {\n    revokeApiKey(prefix: $prefix) {\n      ...ApiKeyFields\n    }\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  query SearchJobs(\n    $filter: JobFilter\n    $first: Int\n    $page: Int\n    $sort: JobSort\n    $withFacets: Boolean! = true\n  ) {\n    searchJobs(filter: $filter, first: $first, page: $page, sort: $sort) {\n      totalCount\n      facets @include(if: $withFacets) {\n        remoteTypes {\n          value\n          count\n        }\n        jobTypes {\n          value\n          count\n        }\n        seniorities {\n          value\n          count\n        }\n        categories {\n          value\n          count\n          category {\n            name\n          }\n        }\n        countries {\n          value\n          count\n        }\n        cities {\n          value\n          count\n        }\n        skills {\n          value\n          count\n        }\n        salaryBands {\n          value\n          count\n          minUsd\n          maxUsd\n        }\n      }\n      edges {\n        node {\n          id\n          title\n          companyName\n          location\n          remoteType\n          jobType\n          seniority\n          salaryText\n          skills\n          postedAt\n          listingUrl\n          applyUrl\n        }\n      }\n    }\n  }\n": typeof types.SearchJobsDocument,
    "\n  query LatestJobs($first: Int, $filter: JobFilter) {\n    searchJobs(first: $first, sort: FIRST_SEEN, filter: $filter) {\n      totalCount\n      edges {\n        node {\n          id\n          title\n          companyName\n          location\n          remoteType\n          salaryText\n          firstSeenAt\n        }\n      }\n    }\n  }\n": typeof types.LatestJobsDocument,
    "\n  subscription JobsAdded($filter: JobFilter) {\n    jobsAdded(filter: $filter) {\n      id\n      title\n      companyName\n      location\n      remoteType\n      salaryText\n      firstSeenAt\n    }\n  }\n": typeof types.JobsAddedDocument,
};
const documents: Documents = {
    "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n": types.ApiKeysDocument,
    "\n  fragment ApiKeyFields on ApiKey {\n    id\n    prefix\n    name\n    scope\n    status\n    createdAt\n    expiresAt\n    lastUsedAt\n    replacedByPrefix\n  }\n": types.ApiKeyFieldsFragmentDoc,
    "\n  mutation CreateApiKey($name: String!, $scope: ApiKeyScope!, $expiresAt: DateTime) {\n    createApiKey(name: $name, scope: $scope, expiresAt: $expiresAt) {\n      key\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RotateApiKey($prefix: String!, $overlapSeconds: Int!) {\n    rotateApiKey(prefix: $prefix, overlapSeconds: $overlapSeconds) {\n      key\n      apiKey {\n        ...ApiKeyFields\n      }\n      previous {\n        ...ApiKeyFields\n      }\n    }\n  }\n": types.RotateApiKeyDocument,
    "\n  mutation RevokeApiKey($prefix: String!) {\n    revokeApiKey(prefix: $prefix) {\n      ...ApiKeyFields\n    }\n  }\n": types.RevokeApiKeyDocument,
    "\n  query SearchJobs(\n    $filter: JobFilter\n    $first: Int\n    $page: Int\n    $sort: JobSort\n    $withFacets: Boolean! = true\n  ) {\n    searchJobs(filter: $filter, first: $first, page: $page, sort: $sort) {\n      totalCount\n      facets @include(if: $withFacets) {\n        remoteTypes {\n          value\n          count\n        }\n        jobTypes {\n          value\n          count\n        }\n        seniorities {\n          value\n          count\n        }\n        categories {\n          value\n          count\n          category {\n            name\n          }\n        }\n        countries {\n          value\n          count\n        }\n        cities {\n          value\n          count\n        }\n        skills {\n          value\n          count\n        }\n        salaryBands {\n          value\n          count\n          minUsd\n          maxUsd\n        }\n      }\n      edges {\n        node {\n          id\n          title\n          companyName\n          location\n          remoteType\n          jobType\n          seniority\n          salaryText\n          skills\n          postedAt\n          listingUrl\n          applyUrl\n        }\n      }\n    }\n  }\n": types.SearchJobsDocument,
    "\n  query LatestJobs($first: Int, $filter: JobFilter) {\n    searchJobs(first: $first, sort: FIRST_SEEN, filter: $filter) {\n      totalCount\n      edges {\n        node {\n          id\n          title\n          companyName\n          location\n          remoteType\n          salaryText\n          firstSeenAt\n        }\n      }\n    }\n  }\n": types.LatestJobsDocument,
    "\n  subscription JobsAdded($filter: JobFilter) {\n    jobsAdded(filter: $filter) {\n      id\n      title\n      companyName\n      location\n      remoteType\n      salaryText\n      firstSeenAt\n    }\n  }\n": types.JobsAddedDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n"): typeof import('./graphql.ts').ApiKeysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ApiKeyFields on ApiKey {\n    id\n    prefix\n    name\n    scope\n    status\n    createdAt\n    expiresAt\n    lastUsedAt\n    replacedByPrefix\n  }\n"): typeof import('./graphql.ts').ApiKeyFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($name: String!, $scope: ApiKeyScope!, $expiresAt: DateTime) {\n    createApiKey(name: $name, scope: $scope, expiresAt: $expiresAt) {\n      key\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n"): typeof import('./graphql.ts').CreateApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateApiKey($prefix: String!, $overlapSeconds: Int!) {\n    rotateApiKey(prefix: $prefix, overlapSeconds: $overlapSeconds) {\n      key\n      apiKey {\n        ...ApiKeyFields\n      }\n      previous {\n        ...ApiKeyFields\n      }\n    }\n  }\n"): typeof import('./graphql.ts').RotateApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($prefix: String!) {\n    revokeApiKey(prefix: $prefix) {\n      ...ApiKeyFields\n    }\n  }\n"): typeof import('./graphql.ts').RevokeApiKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchJobs(\n    $filter: JobFilter\n    $first: Int\n    $page: Int\n    $sort: JobSort\n    $withFacets: Boolean! = true\n  ) {\n    searchJobs(filter: $filter, first: $first, page: $page, sort: $sort) {\n      totalCount\n      facets @include(if: $withFacets) {\n        remoteTypes {\n          value\n          count\n        }\n        jobTypes {\n          value\n          count\n        }\n        seniorities {\n          value\n          count\n        }\n        categories {\n          value\n          count\n          category {\n            name\n          }\n        }\n        countries {\n          value\n          count\n        }\n        cities {\n          value\n          count\n        }\n        skills {\n          value\n          count\n        }\n        salaryBands {\n          value\n          count\n          minUsd\n          maxUsd\n        }\n      }\n      edges {\n        node {\n          id\n          title\n          companyName\n          location\n          remoteType\n          jobType\n          seniority\n          salaryText\n          skills\n          postedAt\n          listingUrl\n          applyUrl\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').SearchJobsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LatestJobs($first: Int, $filter: JobFilter) {\n    searchJobs(first: $first, sort: FIRST_SEEN, filter: $filter) {\n      totalCount\n      edges {\n        node {\n          id\n          title\n          companyName\n          location\n          remoteType\n          salaryText\n          firstSeenAt\n        }\n      }\n    }\n  }\n"): typeof import('./graphql.ts').LatestJobsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription JobsAdded($filter: JobFilter) {\n    jobsAdded(filter: $filter) {\n      id\n      title\n      companyName\n      location\n      remoteType\n      salaryText\n      firstSeenAt\n    }\n  }\n"): typeof import('./graphql.ts').JobsAddedDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
