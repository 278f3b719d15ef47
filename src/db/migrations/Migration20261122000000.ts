import { Migration } from '@mikro-orm/migrations';
import { CATEGORIES } from '../../domain/categories.ts';

/**
 * The initial schema. Written by hand so that it runs unchanged on PostgreSQL 15
 * and on PGlite (PostgreSQL 18 in WASM), and so that every index search and the
 * filters rely on is explicit. Never edit a released migration: add a new one.
 */
export class Migration20261122000000 extends Migration {
  override up(): void {
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql('create extension if not exists unaccent;');

    this.addSql(`create table organization (
      id uuid primary key,
      name text not null,
      slug text not null unique,
      created_at timestamptz not null default now()
    );`);

    this.addSql(`create table api_key (
      id uuid primary key,
      organization_id uuid not null references organization(id) on delete cascade,
      name text not null,
      prefix text not null unique,
      secret_hash text not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      expires_at timestamptz,
      revoked_at timestamptz
    );`);
    this.addSql('create index api_key_organization_id_idx on api_key (organization_id);');

    this.addSql(`create table company (
      id uuid primary key,
      name text not null,
      normalized_name text not null unique,
      domain text,
      logo_url text,
      created_at timestamptz not null default now()
    );`);

    this.addSql(`create table category (
      id uuid primary key,
      slug text not null unique,
      name text not null
    );`);
    for (const c of CATEGORIES) {
      this.addSql(
        `insert into category (id, slug, name) values ('${c.id}', '${c.slug}', '${c.name.replace(/'/g, "''")}');`,
      );
    }

    this.addSql(`create table job (
      id uuid primary key,
      title text not null,
      normalized_title text not null,
      company_id uuid not null references company(id),
      description_html text not null,
      description_text text not null,
      location_text text not null,
      city text,
      region text,
      country_code char(2),
      places jsonb not null default '[]',
      city_keys text[] not null default '{}',
      country_codes text[] not null default '{}',
      remote_type text not null check (remote_type in ('remote','hybrid','onsite','unknown')),
      job_type text check (job_type in ('full-time','part-time','contract','internship','temporary')),
      seniority text check (seniority in ('intern','entry','mid','senior','lead','manager','director','executive')),
      category_id uuid references category(id),
      department text,
      skills text[] not null default '{}',
      skill_keys text[] not null default '{}',
      salary_min double precision,
      salary_max double precision,
      salary_currency char(3),
      salary_period text check (salary_period in ('hour','day','week','month','year')),
      salary_min_usd integer,
      salary_max_usd integer,
      salary_text text,
      ats_platform text not null,
      source text not null,
      listing_url text,
      apply_url text,
      visa_sponsorship boolean,
      posted_at timestamptz not null,
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      updated_at timestamptz not null,
      closed_at timestamptz,
      status text not null check (status in ('open','closed')),
      dedup_key text not null,
      search_vector tsvector not null
    ) with (fillfactor = 80);`);
    // Free space on each page lets "seen again" updates (last_seen_at, not indexed) stay
    // HOT: no new entry in any of the indexes, GIN included.
    // Full-text match (prefix queries) and the listing order with its tiebreaker,
    // so "newest first" pages read an index without a sort (baseline-1m.md).
    this.addSql('create index job_search_vector_idx on job using gin (search_vector);');
    this.addSql('create index job_status_posted_idx on job (status, posted_at desc, id desc);');
    this.addSql('create index job_status_first_seen_idx on job (status, first_seen_at desc, id desc);');
    this.addSql('create index job_company_idx on job (company_id);');
    this.addSql('create index job_category_idx on job (category_id);');
    this.addSql('create index job_remote_type_idx on job (remote_type);');
    this.addSql('create index job_job_type_idx on job (job_type);');
    this.addSql('create index job_seniority_idx on job (seniority);');
    this.addSql('create index job_salary_max_usd_idx on job (salary_max_usd);');
    this.addSql('create index job_salary_min_usd_idx on job (salary_min_usd);');
    this.addSql('create index job_ats_platform_idx on job (ats_platform);');
    this.addSql('create index job_source_idx on job (source);');
    this.addSql('create index job_department_idx on job (lower(department));');
    this.addSql('create index job_visa_idx on job (visa_sponsorship);');
    this.addSql('create index job_dedup_key_idx on job (dedup_key);');
    this.addSql('create index job_city_keys_idx on job using gin (city_keys);');
    this.addSql('create index job_country_codes_idx on job using gin (country_codes);');
    this.addSql('create index job_skill_keys_idx on job using gin (skill_keys);');
    this.addSql('create index job_location_trgm_idx on job using gin (lower(location_text) gin_trgm_ops);');
    this.addSql('create index job_title_trgm_idx on job using gin (lower(title) gin_trgm_ops);');

    this.addSql(`create table source (
      id uuid primary key,
      platform text not null,
      board text not null,
      url text,
      organization_id uuid references organization(id) on delete set null,
      interval_minutes integer not null default 60,
      enabled boolean not null default true,
      etag text,
      last_modified text,
      last_run_at timestamptz,
      last_success_at timestamptz,
      last_error text,
      created_at timestamptz not null default now(),
      unique (platform, board)
    );`);

    this.addSql(`create table source_posting (
      id uuid primary key,
      platform text not null,
      board text not null,
      external_id text not null,
      job_id uuid not null references job(id) on delete cascade,
      url text,
      payload_hash text not null,
      first_seen_at timestamptz not null,
      last_seen_at timestamptz not null,
      closed_at timestamptz,
      status text not null check (status in ('open','closed')),
      unique (platform, board, external_id)
    ) with (fillfactor = 80);`);
    this.addSql('create index source_posting_job_idx on source_posting (job_id);');

    this.addSql(`create table organization_job (
      organization_id uuid not null references organization(id) on delete cascade,
      job_id uuid not null references job(id) on delete cascade,
      origin text not null check (origin in ('source','manual','demo')),
      added_at timestamptz not null default now(),
      primary key (organization_id, job_id)
    );`);
    this.addSql('create index organization_job_job_idx on organization_job (job_id);');
  }
}
