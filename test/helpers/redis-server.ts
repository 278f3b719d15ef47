import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '../../scripts/free-port.ts';

const REDIS_BIN = '/usr/bin/redis-server';

/** Why Redis tests cannot run here, or null. In CI a missing server is an error, not a skip. */
export function redisUnavailable(): string | null {
  if (existsSync(REDIS_BIN)) return null;
  if (process.env.CI) throw new Error(`${REDIS_BIN} is missing; .ci/run installs redis-server`);
  return 'redis-server is not installed (apt-get install redis-server)';
}

/** A throwaway Redis on a free loopback port, in memory only. */
export async function startRedis(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(
    REDIS_BIN,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve();
    });
  });
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') };
}
