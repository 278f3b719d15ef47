import type { SavedSearchRow } from '../../db/repositories/saved-search.repository.ts';
import type { AtsPlatform } from '../../domain/enums.ts';
import type { JobFilter } from '../../domain/job-filter.ts';
import {
  deleteSavedSearch,
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_NAME_MAX,
  saveSearch,
} from '../../search/saved-searches.ts';
import { builder } from '../builder.ts';
import {
  AtsPlatformEnum,
  FilterRemoteTypeEnum,
  JobStatusFilterEnum,
  JobTypeEnum,
  SeniorityEnum,
} from './enums.ts';
import { JobFilterInput, toJobFilter } from './job-filter.ts';
import { NearRef } from './near.ts';
import { DateTimeScalar } from './scalars.ts';

/**
 * Saved searches (issue 12, item 3): an organization's named filters, managed with its
 * ADMIN key and only ever its own (another organization's id is `not_found`, as an
 * unknown one is). The rules are search/saved-searches.ts's, shared with REST.
 */

/** The filter as saved, in JobFilter's own field names and types: it can be sent back as one. */
const SavedJobFilterRef = builder.objectRef<JobFilter>('SavedJobFilter');
SavedJobFilterRef.implement({
  description:
    "A saved search's filter, field for field the JobFilter it was saved with (send it back as `filter` to searchJobs or the live subscriptions).",
  fields: (t) => ({
    query: t.exposeString('query', { nullable: true, description: 'Words.' }),
    remoteTypes: t.field({
      type: [FilterRemoteTypeEnum],
      nullable: true,
      resolve: (f) => f.remoteTypes,
      description: 'Workplace types, any of.',
    }),
    isRemote: t.exposeBoolean('isRemote', { nullable: true, description: 'Remote only, or all but remote.' }),
    cities: t.exposeStringList('cities', { nullable: true, description: 'City names.' }),
    countries: t.exposeStringList('countries', { nullable: true, description: 'ISO 3166-1 alpha-2 codes.' }),
    locations: t.exposeStringList('locations', { nullable: true, description: 'Free location text.' }),
    minSalaryUsd: t.exposeInt('minSalaryUsd', { nullable: true, description: 'Annual USD floor.' }),
    maxSalaryUsd: t.exposeInt('maxSalaryUsd', { nullable: true, description: 'Annual USD ceiling.' }),
    hasSalary: t.exposeBoolean('hasSalary', { nullable: true, description: 'With or without a salary.' }),
    skills: t.exposeStringList('skills', { nullable: true, description: 'All of these skills.' }),
    jobTypes: t.field({
      type: [JobTypeEnum],
      nullable: true,
      resolve: (f) => f.jobTypes,
      description: 'Employment types.',
    }),
    seniorities: t.field({
      type: [SeniorityEnum],
      nullable: true,
      resolve: (f) => f.seniorities,
      description: 'Seniority levels.',
    }),
    categories: t.exposeStringList('categories', { nullable: true, description: 'Category ids or slugs.' }),
    companies: t.exposeStringList('companies', { nullable: true, description: 'Company names or ids.' }),
    excludeCompanies: t.exposeStringList('excludeCompanies', {
      nullable: true,
      description: 'Companies left out.',
    }),
    atsPlatforms: t.field({
      type: [AtsPlatformEnum],
      nullable: true,
      // Saved through GraphQL only: AtsPlatform values.
      resolve: (f) => f.atsPlatforms as AtsPlatform[] | undefined,
      description: 'Source platforms.',
    }),
    sources: t.exposeStringList('sources', { nullable: true, description: 'Sources (platform:board).' }),
    departments: t.exposeStringList('departments', { nullable: true, description: 'Departments.' }),
    postedAfter: t.expose('postedAfter', {
      type: DateTimeScalar,
      nullable: true,
      description: 'Posted at or after.',
    }),
    postedBefore: t.expose('postedBefore', {
      type: DateTimeScalar,
      nullable: true,
      description: 'Posted before.',
    }),
    postedWithinDays: t.exposeInt('postedWithinDays', {
      nullable: true,
      description: 'Posted within this many days.',
    }),
    visaSponsorship: t.exposeBoolean('visaSponsorship', { nullable: true, description: 'Visa sponsorship.' }),
    near: t.field({
      type: NearRef,
      nullable: true,
      resolve: (f) => f.near,
      description: 'Near a place: send back as `near: { latitude, longitude, radiusKm }`.',
    }),
    status: t.field({
      type: JobStatusFilterEnum,
      nullable: true,
      resolve: (f) => f.status,
      description: 'Status; none: OPEN.',
    }),
  }),
});

const SavedSearchRef = builder.objectRef<SavedSearchRow>('SavedSearch');
SavedSearchRef.implement({
  description: "A named search of the caller's organization.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Saved search id (UUID).' }),
    name: t.exposeString('name', { description: 'Unique within the organization (case-insensitive).' }),
    filter: t.field({
      type: SavedJobFilterRef,
      resolve: (s) => s.filter,
      description: 'The words and filters.',
    }),
    createdAt: t.expose('createdAt', { type: DateTimeScalar, description: 'When it was saved.' }),
  }),
});

builder.queryField('savedSearches', (t) =>
  t.field({
    type: [SavedSearchRef],
    description:
      'The saved searches of the organization owning the X-API-Key header, oldest first. Needs an ADMIN key (a READ key gets `forbidden`).',
    resolve: async (_root, _args, ctx) => {
      const { organizationId } = await ctx.requireViewer('admin');
      return ctx.services.savedSearches.list(ctx.em, organizationId);
    },
  }),
);

builder.mutationField('createSavedSearch', (t) =>
  t.field({
    type: SavedSearchRef,
    description: `Saves a named search for the caller's organization (at most ${MAX_SAVED_SEARCHES}). A name the organization already uses gets \`already_exists\`; a bad filter \`invalid_parameter\`, as searchJobs would. Needs an ADMIN key.`,
    args: {
      name: t.arg.string({
        required: true,
        description: `A name (1 to ${SAVED_SEARCH_NAME_MAX} characters), unique in the organization.`,
      }),
      filter: t.arg({
        type: JobFilterInput,
        required: true,
        description: 'The words and filters, as searchJobs takes them.',
      }),
    },
    resolve: async (_root, args, ctx) => {
      const { organizationId } = await ctx.requireViewer('admin');
      const filter = toJobFilter(args.filter, ctx.services.locatePlace);
      return saveSearch(ctx.services.savedSearches, ctx.em, organizationId, args.name, filter);
    },
  }),
);

builder.mutationField('deleteSavedSearch', (t) =>
  t.field({
    type: SavedSearchRef,
    description: "Deletes one of the organization's saved searches and returns it. Needs an ADMIN key.",
    args: { id: t.arg.id({ required: true, description: 'The saved search id.' }) },
    resolve: async (_root, args, ctx) => {
      const { organizationId } = await ctx.requireViewer('admin');
      return deleteSavedSearch(ctx.services.savedSearches, ctx.em, organizationId, String(args.id));
    },
  }),
);
