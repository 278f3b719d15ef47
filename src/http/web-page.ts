import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { FastifyInstance } from 'fastify';

const WEB_DIR = fileURLToPath(new URL('../web/', import.meta.url));

/**
 * The search page: static HTML plus one script bundled from src/web by esbuild the
 * first time it is asked for (about 50 ms), so there is no build step to forget.
 */
export function registerWebPage(app: FastifyInstance): void {
  let bundle: Promise<string> | undefined;
  const bundleScript = async () => {
    const result = await build({
      entryPoints: [`${WEB_DIR}main.ts`],
      bundle: true,
      write: false,
      format: 'esm',
      target: 'es2022',
      minify: true,
      logLevel: 'silent',
    });
    return result.outputFiles[0]!.text;
  };
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(await readFile(`${WEB_DIR}index.html`, 'utf8')),
  );
  app.get('/app.js', { schema: { hide: true } }, async (_request, reply) => {
    bundle ??= bundleScript().catch((error: unknown) => {
      bundle = undefined;
      throw error;
    });
    return reply.type('text/javascript; charset=utf-8').send(await bundle);
  });
}
