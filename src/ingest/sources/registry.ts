import { ATS_PLATFORMS, type AtsPlatform } from '../../domain/enums.ts';
import { createAshbySource } from './ashby.source.ts';
import type { AshbySourceOptions } from './ashby.source.ts';
import { createGreenhouseSource } from './greenhouse.source.ts';
import type { GreenhouseSourceOptions } from './greenhouse.source.ts';
import { createLeverSource } from './lever.source.ts';
import type { LeverSourceOptions } from './lever.source.ts';
import { createPersonioSource } from './personio.source.ts';
import type { PersonioSourceOptions } from './personio.source.ts';
import { createRecruiteeSource } from './recruitee.source.ts';
import type { RecruiteeSourceOptions } from './recruitee.source.ts';
import { createSmartRecruitersSource } from './smartrecruiters.source.ts';
import type { SmartRecruitersSourceOptions } from './smartrecruiters.source.ts';
import type { SourceAdapter } from './source.ts';
import { createWorkableSource } from './workable.source.ts';
import type { WorkableSourceOptions } from './workable.source.ts';

/**
 * The list of ATS sources by platform — the one place a new adapter is registered.
 * The generic import is not here: it needs a field mapping per file, so callers build
 * it with createGenericSource({ mapping }).
 */

export type BoardPlatform = Exclude<AtsPlatform, 'generic' | 'demo'>;

/** Per-platform overrides (base URLs for tests or EU hosts). */
export interface SourceRegistryOptions {
  greenhouse?: GreenhouseSourceOptions;
  lever?: LeverSourceOptions;
  ashby?: AshbySourceOptions;
  workable?: WorkableSourceOptions;
  smartrecruiters?: SmartRecruitersSourceOptions;
  recruitee?: RecruiteeSourceOptions;
  personio?: PersonioSourceOptions;
}

export type SourceRegistry = Readonly<Record<BoardPlatform, SourceAdapter>>;

export function createSourceRegistry(options: SourceRegistryOptions = {}): SourceRegistry {
  return Object.freeze({
    greenhouse: createGreenhouseSource(options.greenhouse),
    lever: createLeverSource(options.lever),
    ashby: createAshbySource(options.ashby),
    workable: createWorkableSource(options.workable),
    smartrecruiters: createSmartRecruitersSource(options.smartrecruiters),
    recruitee: createRecruiteeSource(options.recruitee),
    personio: createPersonioSource(options.personio),
  });
}

/** Every platform with a fetchable board: all but the file import and the demo generator. */
export const BOARD_PLATFORMS = ATS_PLATFORMS.filter(
  (p): p is BoardPlatform => p !== 'generic' && p !== 'demo',
);

export function isBoardPlatform(value: unknown): value is BoardPlatform {
  return typeof value === 'string' && (BOARD_PLATFORMS as readonly string[]).includes(value);
}
