import { describe, expect, it } from 'vitest';
import { classifyRemoteType, type RemoteSignals } from '../../../src/ingest/normalize/remote-type.ts';

describe('classifyRemoteType', () => {
  const cases: Array<[string, RemoteSignals, string]> = [
    // 1. explicit workplace field
    ['Lever remote', { workplaceType: 'remote' }, 'remote'],
    ['Lever on-site', { workplaceType: 'on-site' }, 'onsite'],
    ['Lever onsite', { workplaceType: 'onsite' }, 'onsite'],
    ['Lever hybrid', { workplaceType: 'hybrid' }, 'hybrid'],
    ['Ashby OnSite', { workplaceType: 'OnSite' }, 'onsite'],
    ['Ashby Remote', { workplaceType: 'Remote' }, 'remote'],
    ['Ashby Hybrid', { workplaceType: 'Hybrid' }, 'hybrid'],
    [
      'explicit hybrid beats Remote location',
      { workplaceType: 'Hybrid', locationText: 'Remote - US' },
      'hybrid',
    ],
    ['explicit onsite beats remote flag', { workplaceType: 'OnSite', remoteFlag: true }, 'onsite'],
    ['unspecified decides nothing', { workplaceType: 'unspecified' }, 'unknown'],
    [
      'unspecified then location decides',
      { workplaceType: 'unspecified', locationText: 'Remote - United States' },
      'remote',
    ],
    // 2. location and title
    ['Remote - US location', { locationText: 'Remote - US' }, 'remote'],
    ['(Remote) in title', { title: 'Backend Engineer (Remote)' }, 'remote'],
    ['Anywhere', { locationText: 'Anywhere' }, 'remote'],
    ['hybrid in location', { locationText: 'New York (Hybrid)' }, 'hybrid'],
    ['remote and hybrid mentioned → hybrid', { locationText: 'Remote or Hybrid - London' }, 'hybrid'],
    ['On-site in location', { locationText: 'Austin, TX (On-site)' }, 'onsite'],
    ['Virtual location', { locationText: 'Virtual (US)' }, 'remote'],
    ['Home based - EMEA', { locationText: 'Home based - EMEA' }, 'remote'],
    ['Virtual in a title is not a workplace', { title: 'Virtual Reality Engineer' }, 'unknown'],
    ['Remote Sensing is a discipline', { title: 'Remote Sensing Scientist' }, 'unknown'],
    ['non-remote location', { locationText: 'Berlin (non-remote)' }, 'unknown'],
    // 3. flags
    ['remote flag true', { remoteFlag: true, locationText: 'London' }, 'remote'],
    [
      'remote flag true but the role is hybrid',
      { remoteFlag: true, descriptionText: 'This is a hybrid role with 3 days a week in the office.' },
      'hybrid',
    ],
    ['remote flag false is weak', { remoteFlag: false, locationText: 'London' }, 'unknown'],
    // a city alone is not onsite
    ['city alone', { locationText: 'San Francisco, CA' }, 'unknown'],
    ['nothing at all', {}, 'unknown'],
    // 4. description, role-level phrases
    ['fully remote', { descriptionText: 'We are a fully remote team across Europe.' }, 'remote'],
    [
      'this is a remote position',
      { descriptionText: 'About the role. This is a remote position open to US residents.' },
      'remote',
    ],
    ['remote-first', { descriptionText: 'Acme is remote-first.' }, 'remote'],
    [
      'perk: anywhere for a month',
      {
        descriptionText:
          'Perks: work from anywhere for a month each year, fully remote for up to 4 weeks per year.',
      },
      'unknown',
    ],
    [
      'perk: remote Fridays in a hybrid job',
      { descriptionText: 'Hybrid work model: 3 days a week in our Berlin office, remote Fridays.' },
      'hybrid',
    ],
    ['perk: 2 weeks remote per year', { descriptionText: 'Enjoy 2 weeks fully remote per year.' }, 'unknown'],
    [
      'days in office → hybrid',
      { descriptionText: 'You will work 2 days per week in the office.' },
      'hybrid',
    ],
    [
      'in-office company → onsite',
      { descriptionText: "We're an in-office company, driven by velocity." },
      'onsite',
    ],
    ['5 days in office → onsite', { descriptionText: 'Expect to be in office 5 days a week.' }, 'onsite'],
    [
      'on-site gym is a perk, not the workplace',
      { descriptionText: 'Perks include an on-site gym and lunch.' },
      'unknown',
    ],
    [
      'hybrid cloud is technology',
      { descriptionText: 'Experience with hybrid cloud deployments.' },
      'unknown',
    ],
    [
      'negated remote is not remote',
      { descriptionText: 'Please note this is not a fully remote role.' },
      'unknown',
    ],
    ['"not a remote position" means onsite', { descriptionText: 'This is not a remote position.' }, 'onsite'],
    [
      'location beats description',
      { locationText: 'Remote - Canada', descriptionText: 'We are an in-office company.' },
      'remote',
    ],
  ];
  it.each(cases)('%s', (_name, signals, expected) => {
    expect(classifyRemoteType(signals)).toBe(expected);
  });

  it('hybrid is never reported as remote for any combination with a hybrid workplace field', () => {
    for (const locationText of ['Remote', 'Remote - US', 'Anywhere', null]) {
      for (const remoteFlag of [true, false, null]) {
        expect(classifyRemoteType({ workplaceType: 'hybrid', locationText, remoteFlag })).toBe('hybrid');
      }
    }
  });
});

describe('classifyRemoteType needs a remote word in a remote sense (issue 11)', () => {
  it.each([
    ['Distributed Systems Engineer', 'San Francisco'],
    ['Software Engineer, Distributed Systems', 'San Francisco Bay Area'],
    ['Senior Product Lead, Distributed Generation', 'Houston, Texas, United States'],
    ['Distributed Compute Technical Lead', 'London'],
    ['Remote Device Management Engineer', 'Austin, TX'],
    ['Remote Vehicle Operator', 'Phoenix, AZ'],
  ])('%j in %j names the work, not the workplace', (title, locationText) => {
    expect(classifyRemoteType({ title, locationText })).toBe('unknown');
  });

  it('"Distributed" in a location field is a workplace', () => {
    expect(classifyRemoteType({ locationText: 'Distributed' })).toBe('remote');
    expect(classifyRemoteType({ title: 'Engineer', locationText: 'Distributed - US' })).toBe('remote');
  });

  it('a distributed-systems title still reads a remote location', () => {
    expect(
      classifyRemoteType({ title: 'Distributed Systems Engineer', locationText: 'Remote (US/Canada)' }),
    ).toBe('remote');
  });

  it('an explicit on-site word wins over the remote flag', () => {
    expect(classifyRemoteType({ remoteFlag: true, locationText: 'Austin, TX (On-site)' })).toBe('onsite');
    expect(classifyRemoteType({ remoteFlag: true, title: 'Nurse - In Office' })).toBe('onsite');
  });

  it("the title's on-site tag wins over a remote word in the title", () => {
    expect(
      classifyRemoteType({
        title: 'Operations Specialist, Remote Assistance (On-Site)',
        locationText: 'Mexico City',
      }),
    ).toBe('onsite');
    expect(classifyRemoteType({ title: 'Remote Support Lead (On-site)' })).toBe('onsite');
  });

  it('a location offering both ("Remote or Onsite") stays remote', () => {
    expect(classifyRemoteType({ title: 'Engineer (Onsite)', locationText: 'Remote or Onsite; Oslo' })).toBe(
      'remote',
    );
    expect(classifyRemoteType({ locationText: 'Austin, TX; Remote or Onsite' })).toBe('remote');
  });

  it('"on-premise" in a title names software, not a workplace', () => {
    expect(classifyRemoteType({ title: 'On-Premise Solutions Engineer' })).toBe('unknown');
  });

  it.each(['telecommute', 'in office', 'On Premise', 'on-site', 'in-person'])(
    'workplace field synonym %j decides',
    (workplaceType) => {
      expect(
        classifyRemoteType({ workplaceType, remoteFlag: workplaceType === 'telecommute' ? false : true }),
      ).toBe(workplaceType === 'telecommute' ? 'remote' : 'onsite');
    },
  );
});

describe('classifyRemoteType on-site words that are not a workplace', () => {
  it('a German gender suffix before "Office" is no on-site word', () => {
    expect(classifyRemoteType({ title: 'Werkstudent:in Office Management', remoteFlag: true })).toBe(
      'remote',
    );
  });

  it('a title tag offering remote too is no on-site tag', () => {
    expect(classifyRemoteType({ title: 'Engineering (In-Person or US Remote initially OK)' })).toBe('remote');
  });
});

describe('classifyRemoteType: statements found in real postings (issue 11)', () => {
  it.each([
    ['Are excited to work 5 days a week in our San Francisco HQ (or open to relocating here).', 'onsite'],
    ['Interns will work full-time out of our NYC office and receive a housing stipend.', 'onsite'],
    ['We are building the company in person in SoMa, San Francisco.', 'onsite'],
    ['Location: San Francisco, CA – On-site only. Employment terms: contract to hire.', 'onsite'],
    ['London, UK | Hybrid (3 days/week in office) | £150k+', 'hybrid'],
    ['This role is working out of our Seattle office four days a week.', 'hybrid'],
    ['We are looking to add to our local team, so while work is remote, applicants must be local.', 'remote'],
    // A liking for people is not a workplace.
    ['You are good at communication and enjoy working in person.', 'unknown'],
  ] as const)('%j → %s', (descriptionText, expected) => {
    expect(classifyRemoteType({ title: 'Engineer', descriptionText })).toBe(expected);
  });

  it('reads "-REMOTE, USA-" in a location, and a workplace list "Hybrid, Onsite" as hybrid', () => {
    expect(classifyRemoteType({ locationText: ' -REMOTE, USA-', title: 'Regional Vice President' })).toBe(
      'remote',
    );
    expect(classifyRemoteType({ workplaceType: 'Hybrid, Onsite', title: 'Engineer' })).toBe('hybrid');
    expect(classifyRemoteType({ locationText: 'Non-remote, Berlin', title: 'Engineer' })).not.toBe('remote');
  });
});
