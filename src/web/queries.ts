import { graphql } from './gql/gql.ts';

/** The page's search: the contract's filters, one page of results with totals. */
export const SearchJobsQuery = graphql(`
  query SearchJobs($filter: JobFilter, $first: Int, $after: String, $sort: JobSort) {
    searchJobs(filter: $filter, first: $first, after: $after, sort: $sort) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
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
`);

/** The newest jobs, for the live view. */
export const LatestJobsQuery = graphql(`
  query LatestJobs($first: Int) {
    searchJobs(first: $first, sort: NEWEST) {
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
`);
