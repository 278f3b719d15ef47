/**
 * The first key of this service's advisory locks (other software may use others);
 * the second names the lock: 0 … 4095 are company slots and 4096 … 4159 ATS job slots
 * (ingest.repository.ts), and
 * negative numbers single sweeps.
 */
export const ADVISORY_LOCK_CLASS = 0x4a4f42; // "JOB"

/** The expiry sweep (expiry.repository.ts): one process at a time. */
export const EXPIRY_SWEEP_LOCK = -1;
