/** Why a snapshot was refused: the caller logs it and builds from the database instead. */
export type SnapshotProblem = 'missing' | 'foreign' | 'version' | 'layout' | 'truncated' | 'corrupt' | 'io';

export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
  readonly problem: SnapshotProblem;

  constructor(problem: SnapshotProblem, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.problem = problem;
  }
}
