import { graphql } from './gql/gql.ts';

/**
 * The page's search: the contract's filters, one numbered page of results with totals,
 * and the facet counts beside the filters (not fetched again for another page).
 */
export const SearchJobsQuery = graphql(`
  query SearchJobs(
    $filter: JobFilter
    $first: Int
    $page: Int
    $sort: JobSort
    $withFacets: Boolean! = true
  ) {
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
`);

/** The most recently collected jobs, to fill the live view on load. */
export const LatestJobsQuery = graphql(`
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
`);

/** New jobs matching the search on screen, as ingestion commits them (server-sent events). */
export const JobsAddedSubscription = graphql(`
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
`);
