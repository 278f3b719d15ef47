/**
 * Rules of classifyRemoteType that mutation testing (npm run mutate) found unpinned: each
 * case would change its answer if the rule it names were deleted or loosened.
 */
import { describe, expect, it } from 'vitest';
import { classifyRemoteType } from '../../../src/ingest/normalize/remote-type.ts';

const desc = (descriptionText: string, extra: Record<string, unknown> = {}) =>
  classifyRemoteType({ title: 'Software Engineer', descriptionText, ...extra });

describe('classifyRemoteType: workplace field values', () => {
  it.each([
    ['Fully Remote', 'remote'],
    ['Remote only', 'remote'],
    ['telecommute', 'remote'],
    ['Hybrid Remote', 'hybrid'],
    ['Flexible', 'hybrid'],
    ['Office', 'onsite'],
    ['In office', 'onsite'],
    ['On Premise', 'onsite'],
    ['In-Person', 'onsite'],
  ])('%j decides on its own', (workplaceType, expected) => {
    expect(classifyRemoteType({ workplaceType, title: 'Account Executive' })).toBe(expected);
  });

  it('a trailing separator in a workplace field is no second value', () => {
    expect(classifyRemoteType({ workplaceType: 'Remote,', title: 'Engineer' })).toBe('remote');
    expect(classifyRemoteType({ workplaceType: 'Remote; ', title: 'Engineer' })).toBe('remote');
  });

  it('a list is hybrid only when it is exactly on-site plus hybrid; otherwise the location decides', () => {
    const location = { locationText: 'Remote - US', title: 'Engineer' };
    expect(classifyRemoteType({ workplaceType: 'Onsite, Remote', ...location })).toBe('remote');
    expect(classifyRemoteType({ workplaceType: 'Hybrid, Remote', ...location })).toBe('remote');
    expect(classifyRemoteType({ workplaceType: 'Hybrid, Onsite, Remote', ...location })).toBe('remote');
    expect(classifyRemoteType({ workplaceType: 'Onsite / In office', ...location })).toBe('remote');
  });
});

describe('classifyRemoteType: location words', () => {
  it.each([
    ['Onsite - Austin, TX', 'onsite'],
    ['In office - London', 'onsite'],
    ['In-person, New York, NY', 'onsite'],
    ['Office-based, Leeds', 'onsite'],
    ['Berlin, Germany (non remote)', 'unknown'],
  ])('%j → %s', (locationText, expected) => {
    expect(classifyRemoteType({ locationText, title: 'Account Executive' })).toBe(expected);
  });

  it('the remote flag yields to an explicit on-site word in the location or title', () => {
    expect(classifyRemoteType({ remoteFlag: true, locationText: 'Onsite - Austin, TX' })).toBe('onsite');
    expect(classifyRemoteType({ remoteFlag: true, locationText: 'In office - London' })).toBe('onsite');
    expect(classifyRemoteType({ remoteFlag: true, title: 'Barista (In person)' })).toBe('onsite');
    // Without such a word the flag decides.
    expect(classifyRemoteType({ remoteFlag: true, locationText: 'London', title: 'Barista' })).toBe('remote');
  });
});

describe("classifyRemoteType: a title's on-site tag beats its remote word", () => {
  it.each([
    'Remote Support Lead ( On-site )',
    'Remote Support Lead (Onsite)',
    'Remote Support Lead (In Office)',
    'Remote Support Lead (In person)',
    'Remote Operations Specialist (On-site, Austin TX)',
    'Remote Support Lead - Onsite',
    'Remote Support Lead -Onsite',
    'Remote Support Lead | In Office',
  ])('%j', (title) => {
    expect(classifyRemoteType({ title, locationText: 'Mexico City' })).toBe('onsite');
  });

  it('an on-site word inside the title, not as its tag, does not beat the remote word', () => {
    expect(classifyRemoteType({ title: 'Remote Customer Success Manager - Onsite Programs' })).toBe('remote');
  });
});

describe('classifyRemoteType: description whitespace is folded before the phrases are read', () => {
  it.each([
    'We are a fully\tremote team.',
    'We are a fully\n   remote team.',
    'We are a fully   remote team.',
  ])('%j', (text) => {
    expect(desc(text)).toBe('remote');
  });
});

describe('classifyRemoteType: description phrases', () => {
  it.each([
    ['Workplace: Hybrid:2 days a week on site.', 'hybrid'],
    ['Workplace: Hybrid - 3 days on site.', 'hybrid'],
    // "Hybrid" followed by a dash and no day count is technology, not the workplace.
    ['Environment: hybrid - AWS and on-prem data centres.', 'unknown'],
    ['We work in person at our Brooklyn studio.', 'onsite'],
    ['Our team is in-office five days a week.', 'onsite'],
    // "office" alone is no workplace statement.
    ['Our offices are in Austin and Denver.', 'unknown'],
    // A field role visiting customers' offices is not hybrid.
    ['Travel up to 2 days a week to customer offices across the region.', 'unknown'],
    // An on-site statement stands even in a sentence with a perk word.
    ["We're an in-office company; the team works from home on Fridays.", 'onsite'],
  ])('%j → %s', (text, expected) => {
    expect(desc(text)).toBe(expected);
  });

  it('a negation counts only right before the phrase', () => {
    expect(desc('No commute, fully remote, async-first.')).toBe('remote');
    expect(desc('This is not really a remote role.')).toBe('unknown');
  });
});

describe('classifyRemoteType: a remote phrase in a perk or limit is not the role', () => {
  it.each([
    'You can work fully remote for up to 3 months.',
    'Work fully remote for 6 weeks each summer.',
    'You may work fully remote for a week each quarter.',
    'You can work fully remote one week a year.',
    'Take one fully remote day a year, on your birthday.',
    'The team goes fully remote on Friday.',
    'Occasionally you may work fully remote.',
    'You can work fully remote occasionally',
    'Perks at Example Co.: fully remote for a month every summer.',
  ])('%j', (text) => {
    expect(desc(text)).toBe('unknown');
  });

  it('a perk word in the next sentence does not touch the role', () => {
    expect(desc('We are a fully remote company. Offsites happen once a year.')).toBe('remote');
  });

  it('the remote flag still reads a hybrid role stated beside a perk', () => {
    expect(
      desc('Hybrid work model: 3 days a week in our Berlin office, remote Fridays.', { remoteFlag: true }),
    ).toBe('hybrid');
  });
});

describe('classifyRemoteType reads the first 50,000 characters of a description', () => {
  it('a phrase past them is not read', () => {
    expect(desc(`${'Lorem ipsum dolor sit amet. '.repeat(2_000)}This is a fully remote role.`)).toBe(
      'unknown',
    );
    expect(desc(`This is a fully remote role. ${'Lorem ipsum dolor sit amet. '.repeat(2_000)}`)).toBe(
      'remote',
    );
  });
});
