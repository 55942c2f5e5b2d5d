import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// ADR 023: the dependency rule is Biome's, compiled from scripts/dependency-rules.mjs. These plant
// each kind of breach in the tree, beside the same import written the allowed way, and show what
// `npm run lint` (Biome with the repository's biome.json) says of each file.
const root = fileURLToPath(new URL('../..', import.meta.url));
const tag = `p${process.pid}`;
const notify = (from: string) => `import { notify } from '${from}';\nexport const planted = notify;\n`;
const drizzle = "import { sql } from 'drizzle-orm';\nexport const planted = sql`select 1`;\n";

/** Where each planted file stands (its name made unique to this run) and what it holds. */
const PLANTED = {
  internals: ['server/src/features/bookings/planted.ts', notify('#server/features/notifications/notify.ts')],
  throughIndex: [
    'server/src/features/bookings/planted-ok.ts',
    notify('#server/features/notifications/index.ts'),
  ],
  unlisted: [
    'server/src/features/notifications/planted.ts',
    "import { bookingRoutes } from '#server/features/bookings/index.ts';\nexport const planted = bookingRoutes;\n",
  ],
  drizzleInService: ['server/src/features/reviews/planted-service.ts', drizzle],
  drizzleInQueries: ['server/src/features/reviews/planted-queries.ts', drizzle],
  plugin: ['server/src/plugins/planted.ts', notify('#server/features/notifications/index.ts')],
  kernel: ['server/src/http/planted.ts', notify('#server/features/notifications/index.ts')],
  common: [
    'common/src/planted.ts',
    "import { http } from '#client/lib/http.ts';\nexport const planted = http;\n",
  ],
  component: [
    'client/src/components/planted.tsx',
    "import { bookingQuery } from '#client/features/bookings/api.ts';\nexport const planted = bookingQuery;\n",
  ],
  relative: ['server/src/features/reviews/planted-relative.ts', notify('../notifications/notify.ts')],
  cycleA: [`server/src/${tag}-cycle/a.ts`, "import type { B } from './b.ts';\nexport type A = { b?: B };\n"],
  cycleB: [`server/src/${tag}-cycle/b.ts`, "import type { A } from './a.ts';\nexport type B = { a?: A };\n"],
} as const;
type Planted = keyof typeof PLANTED;

const fileOf = (name: Planted) => {
  const [at] = PLANTED[name];
  return at.includes(`${tag}-cycle`) ? at : path.join(path.dirname(at), `${tag}-${path.basename(at)}`);
};
/** Biome's diagnostics for one file (each begins with the file's path). */
const diagnosticsOf = (biomeOutput: string, file: string) =>
  biomeOutput
    .split(/\n(?=\S+:\d+:\d+ lint\/)/)
    .filter((block) => block.startsWith(`${file}:`))
    .join('\n');
/** What `biome lint` says of these files, run in `cwd` with the biome.json found there. */
const biomeLint = (cwd: string, args: string[]) => {
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/biome'),
    ['lint', '--max-diagnostics=none', ...args],
    { cwd, encoding: 'utf8' },
  );
  return `${run.stdout}${run.stderr}`;
};
let output = '';
const said = (name: Planted) => diagnosticsOf(output, fileOf(name));

describe('the dependency rule (ADR 023)', () => {
  beforeAll(() => {
    mkdirSync(path.join(root, `server/src/${tag}-cycle`), { recursive: true });
    for (const name of Object.keys(PLANTED) as Planted[])
      writeFileSync(path.join(root, fileOf(name)), PLANTED[name][1]);
    try {
      output = biomeLint(root, (Object.keys(PLANTED) as Planted[]).map(fileOf));
    } finally {
      for (const name of Object.keys(PLANTED) as Planted[])
        rmSync(path.join(root, fileOf(name)), { force: true });
    }
  }, 60_000);
  afterAll(() => rmSync(path.join(root, `server/src/${tag}-cycle`), { recursive: true, force: true }));

  it("refuses a feature reaching into another feature's internals, and allows its index.ts", () => {
    expect(said('internals')).toContain(
      'The bookings feature may import another feature through its index.ts',
    );
    expect(said('throughIndex')).toBe('');
  });

  it('refuses a link the table does not list, even through index.ts', () => {
    expect(said('unlisted')).toContain('The notifications feature may import another feature');
  });

  it('refuses Drizzle in a service and allows it in a queries file', () => {
    expect(said('drizzleInService')).toContain('Only queries files (and db/) touch Drizzle');
    expect(said('drizzleInQueries')).toBe('');
  });

  it('refuses a layer breach: a plugin or the kernel importing a feature, common importing a side', () => {
    expect(said('plugin')).toContain('A plugin imports no feature');
    expect(said('kernel')).toContain('The kernel imports no layer above it');
    expect(said('common')).toContain('common imports neither side');
    expect(said('component')).toContain('Components and lib import no feature');
  });

  it('refuses a relative import that leaves its area', () => {
    expect(said('relative')).toContain('An import that leaves this area goes by its #alias');
  });

  it('refuses an import cycle, type-only imports included', () => {
    expect(said('cycleA')).toContain('This import is part of a cycle');
    expect(said('cycleB')).toContain('This import is part of a cycle');
  });

  it("holds config.ts, errors.ts and logger.ts to the kernel's rule, not app.ts's beside them", () => {
    // Those files cannot be planted over: a scratch tree with the repository's biome.json stands in.
    const scratch = mkdtempSync(path.join(tmpdir(), 'dependency-rules-'));
    try {
      copyFileSync(path.join(root, 'biome.json'), path.join(scratch, 'biome.json'));
      mkdirSync(path.join(scratch, 'server/src'), { recursive: true });
      const files = ['config.ts', 'errors.ts', 'logger.ts', 'app.ts'].map((name) => `server/src/${name}`);
      const upward =
        "import { sessionPlugin } from '#server/plugins/session.ts';\nexport const planted = sessionPlugin;\n";
      for (const file of files) writeFileSync(path.join(scratch, file), upward);
      const scratchOutput = biomeLint(scratch, ['--vcs-enabled=false', ...files]);
      for (const file of files.slice(0, 3)) {
        expect(diagnosticsOf(scratchOutput, file), file).toContain('The kernel imports no layer above it');
      }
      // The composition root registers the plugins.
      expect(diagnosticsOf(scratchOutput, 'server/src/app.ts')).toBe('');
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
