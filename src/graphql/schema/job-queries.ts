import type { JobFilter } from '../../domain/job-filter.ts';
import { builder } from '../builder.ts';
import { JobSortEnum } from './enums.ts';
import { JobRef } from './job.ts';
import { MAX_PAGE_NUMBER, resolveJobConnection, type JobConnectionShape } from './job-connection.ts';
import { createJobFacets, JobFacetsRef } from './job-facets.ts';
import { JobFilterInput, toJobFilter } from './job-filter.ts';

/** A page of jobs and the filter it answers, which its facets count over. */
type JobConnectionSource = JobConnectionShape & { filter: JobFilter };

/** One connection type shared by both queries. */
const JobConnection = builder.objectRef<JobConnectionSource>('JobConnection');
const JobEdge = builder.objectRef<JobConnectionShape['edges'][number]>('JobEdge');
const PageInfo = builder.objectRef<JobConnectionShape['pageInfo']>('PageInfo');

PageInfo.implement({
  description: 'Relay page information.',
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage', {
      description: 'More jobs follow this page (pass endCursor as after).',
    }),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage', {
      description: 'Jobs come before this page (pass startCursor as before).',
    }),
    startCursor: t.exposeString('startCursor', {
      nullable: true,
      description: 'Cursor of the first job; null on an empty page.',
    }),
    endCursor: t.exposeString('endCursor', {
      nullable: true,
      description: 'Cursor of the last job; null on an empty page.',
    }),
  }),
});
JobEdge.implement({
  description: 'A job of a page and its cursor.',
  fields: (t) => ({
    cursor: t.exposeString('cursor', {
      description: 'Opaque keyset position of this job in the sort order: stable while new jobs arrive.',
    }),
    node: t.field({ type: JobRef, resolve: (e) => e.node, description: 'The job.' }),
  }),
});
JobConnection.implement({
  description: 'A page of jobs (Relay connection) with the exact number of matches.',
  fields: (t) => ({
    edges: t.field({ type: [JobEdge], resolve: (c) => c.edges, description: 'The page, with cursors.' }),
    nodes: t.field({
      type: [JobRef],
      resolve: (c) => c.edges.map((e) => e.node),
      description: 'The page, without cursors.',
    }),
    pageInfo: t.field({ type: PageInfo, resolve: (c) => c.pageInfo, description: 'Where this page is.' }),
    totalCount: t.exposeInt('totalCount', { description: 'Exact number of matching jobs.' }),
    facets: t.field({
      type: JobFacetsRef,
      description:
        'Facet counts over every match of this search (not only this page); computed only when selected.',
      resolve: (c, _args, ctx) => createJobFacets(ctx, c.filter),
    }),
  }),
});

const pagingArgs = (t: Parameters<Parameters<typeof builder.queryField>[1]>[0]) => ({
  first: t.arg.int({ description: 'Page size from the start (default 20, max 100).' }),
  after: t.arg.string({ description: 'The jobs after this cursor (an edge cursor or endCursor).' }),
  last: t.arg.int({ description: 'Page size from the end (max 100).' }),
  before: t.arg.string({ description: 'The jobs before this cursor (an edge cursor or startCursor).' }),
  page: t.arg.int({
    description: `Page number, 1-based (1..${MAX_PAGE_NUMBER}), of \`first\` jobs (default 20), like REST \`page\`: jumps to any page (a numbered pager). Not with after, before or last. Edges still carry cursors to go on from.`,
  }),
  filter: t.arg({ type: JobFilterInput, description: 'Words and filters; none: every open job.' }),
  sort: t.arg({ type: JobSortEnum, description: 'Default: RELEVANCE with a query, NEWEST without.' }),
});

builder.queryField('searchJobs', (t) =>
  t.field({
    type: JobConnection,
    description: 'Public full-text search over open jobs with filters. Same rules as POST /search/jobs.',
    args: pagingArgs(t),
    resolve: async (_root, args, ctx) => {
      const filter = toJobFilter(args.filter, ctx.services.locatePlace);
      return { ...(await resolveJobConnection(ctx, args, filter, args.sort ?? undefined)), filter };
    },
  }),
);

builder.queryField('organizationJobs', (t) =>
  t.field({
    type: JobConnection,
    description: 'The jobs of the organization owning the X-API-Key header. Same rules as GET /jobs.',
    args: pagingArgs(t),
    resolve: async (_root, args, ctx) => {
      const { organizationId } = await ctx.requireViewer('read');
      const filter = { ...toJobFilter(args.filter, ctx.services.locatePlace), organizationId };
      return { ...(await resolveJobConnection(ctx, args, filter, args.sort ?? undefined)), filter };
    },
  }),
);

builder.queryField('job', (t) =>
  t.field({
    type: JobRef,
    nullable: true,
    description:
      'One job by id (the same id as in REST and in search results), whatever its status; null when there is none. Same as GET /search/jobs/{id}.',
    args: { id: t.arg.id({ required: true, description: 'Job id (UUID).' }) },
    resolve: (_root, { id }, ctx) => ctx.services.jobs.findOne(ctx.em, String(id)),
  }),
);
