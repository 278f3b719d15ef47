import { Migration } from '@mikro-orm/migrations';

/**
 * (The index is over a column since Migration20261126200000; the function stays, for the
 * backfill and a merged job's places.)
 *
 * An index for the SQL path of the `near` filter (issue 11 item 2; near.sql.ts). The
 * search index answers near filters from its grid, but SQL answers when the index is off,
 * not ready, or stale for a page — and a near filter alone read every open job's places
 * there. A job's places (JSON, several per job) are summed up as the box around their
 * points, and a GiST index over that box finds the jobs whose box meets the circle's
 * bounding box; the exact distance still decides. A job with places far apart (New York
 * and London) has a wide box and is only ever a candidate too many, never one too few.
 *
 * An immutable function, so that the index and the filter's condition are the same
 * expression; PL/pgSQL rather than SQL because it is evaluated on every write of a job:
 * 2.4 against 4.1 µs a row (200,000 rows of one or two places). With the GiST insert, the
 * index costs a write about 12 µs of server CPU (the same 200,000 rows: 0.9–1.1 s without
 * it, 3.4–3.5 s with it), some 2 % of a cold ingest's CPU per posting, and a near filter
 * of a city's size reads a few thousand candidates instead of every open job. (Exported
 * for near-sql.test.ts, which runs the condition on a table of its own.)
 */
export const JOB_GEO_BOX_FUNCTION = `create function job_geo_box(places jsonb) returns box
  language plpgsql immutable parallel safe as $$
  declare
    p jsonb;
    lon float8;
    lat float8;
    west float8;
    east float8;
    south float8;
    north float8;
  begin
    if jsonb_typeof(places) is distinct from 'array' then return null; end if;
    for p in select * from jsonb_array_elements(places) loop
      if jsonb_typeof(p->'latitude') = 'number' and jsonb_typeof(p->'longitude') = 'number' then
        lon := (p->>'longitude')::float8;
        lat := (p->>'latitude')::float8;
        west := least(west, lon);
        east := greatest(east, lon);
        south := least(south, lat);
        north := greatest(north, lat);
      end if;
    end loop;
    if west is null then return null; end if;
    return box(point(west, south), point(east, north));
  end $$;`;

export class Migration20261126100000 extends Migration {
  override up(): void {
    this.addSql(JOB_GEO_BOX_FUNCTION);
    this.addSql('create index job_geo_box_idx on job using gist (job_geo_box(places));');
  }

  override down(): void {
    this.addSql('drop index job_geo_box_idx;');
    this.addSql('drop function job_geo_box(jsonb);');
  }
}
