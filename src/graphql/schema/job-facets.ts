import DataLoader from 'dataloader';
import type { OutputRef } from '@pothos/core';
import { SALARY_BANDS, type FacetCount, type FacetName } from '../../domain/job-facets.ts';
import type { JobFilter } from '../../domain/job-filter.ts';
import { builder } from '../builder.ts';
import type { GraphQLContext } from '../context.ts';
import { CategoryRef } from './category.ts';
import { JobTypeEnum, RemoteTypeEnum, SeniorityEnum } from './enums.ts';

/**
 * The facets of one connection. Each selected field asks the loader for its facet;
 * the fields of one selection are resolved in the same tick, so the loader hands
 * the repository every facet selected at once (one statement), and none that is not.
 */
export interface JobFacetsSource {
  facet: DataLoader<FacetName, FacetCount[]>;
}

export function createJobFacets(ctx: GraphQLContext, filter: JobFilter): JobFacetsSource {
  return {
    facet: new DataLoader(async (names) => {
      const facets = await ctx.services.search.facets(ctx.em, filter, names);
      return names.map((name) => facets[name] ?? []);
    }),
  };
}

const COUNT = { description: 'Jobs of the current result with this value.' };

const FacetCountRef = builder.objectRef<FacetCount>('FacetCount').implement({
  description: 'How many jobs of the current result have one value.',
  fields: (t) => ({
    value: t.exposeString('value', { description: 'The value, as the matching filter takes it.' }),
    count: t.exposeInt('count', COUNT),
  }),
});

/** A facet item whose value is one of a GraphQL enum's domain strings. */
function enumFacetCount(name: string, type: OutputRef<string>, what: string) {
  return builder.objectRef<FacetCount>(name).implement({
    description: `How many jobs of the current result have one ${what}.`,
    fields: (t) => ({
      value: t.field({ type, description: `The ${what}.`, resolve: (c) => c.value }),
      count: t.exposeInt('count', COUNT),
    }),
  });
}

const RemoteTypeFacetCountRef = enumFacetCount('RemoteTypeFacetCount', RemoteTypeEnum, 'workplace type');
const JobTypeFacetCountRef = enumFacetCount('JobTypeFacetCount', JobTypeEnum, 'employment type');
const SeniorityFacetCountRef = enumFacetCount('SeniorityFacetCount', SeniorityEnum, 'seniority');

const CategoryFacetCountRef = builder.objectRef<FacetCount>('CategoryFacetCount').implement({
  description: 'How many jobs of the current result are in one category.',
  fields: (t) => ({
    value: t.exposeID('value', { description: 'The category id (UUID), as the categories filter takes it.' }),
    category: t.field({
      type: CategoryRef,
      nullable: true,
      description: 'The category itself (name, slug).',
      resolve: (c) => c.value,
    }),
    count: t.exposeInt('count', COUNT),
  }),
});

const SalaryBandCountRef = builder.objectRef<FacetCount>('SalaryBandCount').implement({
  description:
    'How many jobs of the current result have an annual USD salary (the value minSalaryUsd and the SALARY sort use) in one band.',
  fields: (t) => ({
    value: t.exposeString('value', { description: 'The band: "0-50000" … "200000+".' }),
    minUsd: t.int({
      description: 'Lowest annual USD in the band (inclusive).',
      resolve: (c) => SALARY_BANDS.find((b) => b.value === c.value)!.min,
    }),
    maxUsd: t.int({
      nullable: true,
      description: 'Annual USD where the band ends (exclusive); null for the open-ended top band.',
      resolve: (c) => SALARY_BANDS.find((b) => b.value === c.value)!.max,
    }),
    count: t.exposeInt('count', COUNT),
  }),
});

export const JobFacetsRef = builder.objectRef<JobFacetsSource>('JobFacets').implement({
  description:
    'Counts over the current result: every filter and every query word applied (not disjunctive), so a count is how many of the current matches have that value. Lists are ordered by count desc, then value; only values with matches appear. Only the fields selected are computed, in one database statement.',
  fields: (t) => ({
    remoteTypes: t.field({
      type: [RemoteTypeFacetCountRef],
      description: 'Per workplace type (UNKNOWN included).',
      resolve: (f) => f.facet.load('remote_type'),
    }),
    jobTypes: t.field({
      type: [JobTypeFacetCountRef],
      description: 'Per employment type; jobs without one are not counted.',
      resolve: (f) => f.facet.load('job_type'),
    }),
    seniorities: t.field({
      type: [SeniorityFacetCountRef],
      description: 'Per seniority; jobs without one are not counted.',
      resolve: (f) => f.facet.load('seniority'),
    }),
    categories: t.field({
      type: [CategoryFacetCountRef],
      description: 'Per category; jobs without one are not counted.',
      resolve: (f) => f.facet.load('category'),
    }),
    countries: t.field({
      type: [FacetCountRef],
      description: 'Per ISO 3166-1 alpha-2 country code, every place of a job counted.',
      resolve: (f) => f.facet.load('country'),
    }),
    cities: t.field({
      type: [FacetCountRef],
      description:
        'The 20 cities with the most matches (ties by name), as folded keys ("zurich"), every place of a job counted.',
      resolve: (f) => f.facet.load('city'),
    }),
    skills: t.field({
      type: [FacetCountRef],
      description: 'The 20 skills with the most matches (ties by name), as folded keys ("typescript").',
      resolve: (f) => f.facet.load('skill'),
    }),
    salaryBands: t.field({
      type: [SalaryBandCountRef],
      description: 'Per annual USD salary band, in band order; jobs without a salary are in none.',
      resolve: (f) => f.facet.load('salary'),
    }),
  }),
});
