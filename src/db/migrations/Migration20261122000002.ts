import { Migration } from '@mikro-orm/migrations';

/**
 * Sources are claimed before a run: every gateway runs a poller (gateways are
 * stateless and scale out), and without a claim each of them fetched every due board
 * each interval — N times the load on the ATS hosts, and copies of one posting written
 * by several processes at once. A claim is a lease: a gateway that dies mid-run frees
 * its sources when the lease ends.
 */
export class Migration20261122000002 extends Migration {
  override up(): void {
    this.addSql('alter table source add column claimed_until timestamptz null;');
  }

  override down(): void {
    this.addSql('alter table source drop column claimed_until;');
  }
}
