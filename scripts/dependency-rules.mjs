#!/usr/bin/env node
// The dependency rule of ADR 023, declared once and enforced by Biome. This script turns the
// tables below into biome.json `overrides` (one `noRestrictedImports` list per folder) and turns
// `noImportCycles` on; `npm run lint` runs it with --check, so a table and biome.json never drift.
//   node scripts/dependency-rules.mjs          write biome.json
//   node scripts/dependency-rules.mjs --check  exit 1 when biome.json is not what the tables say
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Server features and the features each may import (through their index.ts only). The table is a
 * DAG: platform features first (they import no domain feature), then the domain, then `pages`,
 * which composes public pages out of the others.
 */
export const SERVER_FEATURES = {
  notifications: [],
  roles: [],
  site: [],
  health: [],
  // An account that loses an address it never proved is told so in its notifications (ADR 005).
  auth: ['notifications'],
  payments: ['notifications'],
  reviews: ['notifications'],
  search: ['roles'],
  browse: ['roles', 'search'],
  // Saved searches run through the search itself and tell their owners (issue 35).
  'saved-searches': ['notifications', 'search'],
  profiles: ['reviews'],
  messages: ['notifications'],
  teams: ['notifications', 'roles'],
  bookings: ['notifications', 'payments', 'roles', 'teams'],
  // Crew calls (issue 36): posters' and applicants' cards, and booking an applicant goes through
  // the booking service.
  calls: ['notifications', 'roles', 'search', 'bookings'],
  // A block withdraws the requests, holds and invitations waiting between the two (issue 30).
  connections: ['notifications', 'search', 'bookings', 'teams'],
  subscriptions: ['payments', 'bookings'],
  // Staff hide crew calls from their reports (issue 36).
  admin: ['auth', 'notifications', 'reviews', 'calls'],
  // The member's own data (issue 33): the export reads every feature's tables through its own
  // export-queries.ts. Deletion checks the password and code and ends the sessions (auth),
  // withdraws bookings, stops Premium's renewal at the provider and tells the other side (ADR 026).
  account: ['auth', 'notifications', 'payments', 'bookings', 'subscriptions'],
  pages: ['browse', 'profiles', 'roles', 'site', 'calls'],
};

/**
 * Client features and the features whose modules each may import (no index files: ADR 023). A DAG,
 * lowest first. auth and notifications are the platform: they import no domain feature. What they
 * show of one above them is handed in: the app composes the account menu (with the messages link)
 * and the realtime socket (with the messages feature's event handlers), the notifications page the
 * reviews feature's Thank button; a review write refreshes the profile by the key profiles hand in.
 */
export const CLIENT_FEATURES = {
  roles: [],
  legal: [],
  tour: [],
  devtools: [],
  site: [],
  payments: [],
  browse: [],
  teams: [],
  auth: [],
  // The viewer (useViewer) and the one error-to-text of the client (errorText).
  notifications: ['auth'],
  // The socket's handler type, and the notifications' time formatting for conversations.
  messages: ['notifications'],
  // The Message button starts a conversation.
  connections: ['auth', 'messages'],
  bookings: ['auth'],
  // The review form offers the roles catalogue.
  reviews: ['auth', 'roles'],
  // The profile page's parts: availability, Connect and Message, the reviews tab, roles, and
  // "Invite to team" (issue 31).
  profiles: ['auth', 'bookings', 'connections', 'reviews', 'roles', 'teams'],
  search: ['roles'],
  // A saved search is a search: its state, its address and its chips' names (issue 35).
  'saved-searches': ['auth', 'roles', 'search'],
  subscriptions: ['auth', 'payments'],
  admin: ['auth'],
  // Crew calls (issue 36): the viewer, its errors and the log-in path, and the role catalogue.
  calls: ['auth', 'roles'],
};

const SERVER_COMPOSITION = [
  '#server/app.ts',
  '#server/main.ts',
  '#server/admin-cli.ts',
  '#server/backup-cli.ts',
  '#server/ops/**',
  '#server/db/seed/**',
  '#server/db/setup.ts',
];
const DRIZZLE = ['drizzle-orm', 'drizzle-orm/**', '#server/db/schema/**'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test-support.ts', 'server/test/**'];

const rule = (group, message) => ({ group, message: `${message} (ADR 023)` });
const noDrizzle = rule(DRIZZLE, 'Only queries files (and db/) touch Drizzle and the schema');
const noComposition = rule(SERVER_COMPOSITION, 'Nothing imports the composition root');
/** Relative imports may not leave the folder's area: what goes elsewhere says where, by alias. */
const relative = (depth) =>
  rule([depth === 0 ? '../**' : '../../**'], 'An import that leaves this area goes by its #alias');

function feature(side, name, allowed) {
  const own = `#${side}/features/${name}/**`;
  const others =
    side === 'server'
      ? allowed.map((f) => `!#${side}/features/${f}/index.ts`)
      : allowed.map((f) => `!#${side}/features/${f}/**`);
  const how = side === 'server' ? ' through its index.ts' : '';
  const list = allowed.length > 0 ? allowed.join(', ') : 'none';
  return rule(
    [`#${side}/features/**`, `!${own}`, ...others],
    `The ${name} feature may import another feature${how} only along the table's links (${list})`,
  );
}

function override(includes, patterns) {
  return {
    includes,
    linter: {
      rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } },
    },
  };
}

/**
 * A folder's files under `rules`, and those of them that touch Drizzle (`drizzle`) under the same
 * rules without the Drizzle ban: two overrides, since a file takes the last list that matches it.
 */
function withDrizzleIn(files, drizzle, rules) {
  return [
    override([...files, ...drizzle.map((glob) => `!${glob}`)], [...rules, noDrizzle]),
    override(drizzle, rules),
  ];
}

/** One override a folder and depth, since a file takes the last list that matches it. */
function serverOverrides() {
  const out = [];
  const kernel = ['config', 'errors', 'logger'].map((f) => `server/src/${f}.ts`);
  const kernelDirs = ['http', 'mail', 'uploads', 'types', 'crypto'].map((d) => `server/src/${d}/**`);
  const up = rule(
    ['#server/features/**', '#server/plugins/**', '#server/access/**'],
    'The kernel imports no layer above it',
  );
  // db/ holds Drizzle and the schema; the kernel's own table (the mail outbox) is read and written
  // by its queries files only.
  out.push(
    ...withDrizzleIn(
      [...kernel, ...kernelDirs],
      ['server/src/db/**', 'server/src/mail/**/*queries.ts'],
      [up, noComposition],
    ),
  );
  const access = rule(
    ['#server/features/**', '#server/plugins/**'],
    'Access loads facts for policies and imports no feature or plugin',
  );
  out.push(
    ...withDrizzleIn(['server/src/access/**'], ['server/src/access/**/*queries.ts'], [access, noComposition]),
  );
  out.push(
    override(
      ['server/src/plugins/**'],
      [
        rule(['#server/features/**'], 'A plugin imports no feature: app.ts hands it what it needs'),
        noComposition,
        noDrizzle,
      ],
    ),
  );
  for (const [name, allowed] of Object.entries(SERVER_FEATURES)) {
    const dir = `server/src/features/${name}`;
    const base = [feature('server', name, allowed), noComposition];
    for (const depth of [0, 1]) {
      const files = depth === 0 ? `${dir}/*.ts` : `${dir}/*/**`;
      const queries = depth === 0 ? `${dir}/*queries.ts` : `${dir}/*/**/*queries.ts`;
      out.push(...withDrizzleIn([files], [queries], [...base, relative(depth)]));
    }
  }
  const throughIndex = rule(
    ['#server/features/*/**', '!#server/features/*/index.ts'],
    'The composition root imports a feature through its index.ts',
  );
  // The kernel's own files beside app.ts keep the kernel's list: this one, last, would replace it.
  out.push(
    override(
      ['server/src/*.ts', 'server/src/ops/**', ...kernel.map((f) => `!${f}`)],
      [throughIndex, noDrizzle],
    ),
  );
  // The seed and setup.ts are composition by what they import, and db/ by what they write with.
  out.push(override(['server/src/db/seed/**', 'server/src/db/setup.ts'], [throughIndex]));
  return out;
}

function clientOverrides() {
  const out = [];
  const server = rule(['#server/**'], 'The browser never imports server code');
  out.push(
    override(
      ['client/src/components/**', 'client/src/lib/**'],
      [
        rule(
          ['#client/features/**', '#client/pages/**', '#client/app/**'],
          'Components and lib import no feature, page or app module',
        ),
        server,
      ],
    ),
  );
  for (const [name, allowed] of Object.entries(CLIENT_FEATURES)) {
    const dir = `client/src/features/${name}`;
    const base = [
      feature('client', name, allowed),
      rule(['#client/pages/**', '#client/app/**'], 'A feature imports no page or app module'),
      server,
    ];
    out.push(override([`${dir}/*.ts`, `${dir}/*.tsx`], [...base, relative(0)]));
    out.push(override([`${dir}/*/**`], [...base, relative(1)]));
  }
  out.push(
    override(['client/src/pages/**'], [rule(['#client/app/**'], 'A page imports no app module'), server]),
  );
  out.push(override(['common/src/**'], [rule(['#client/**', '#server/**'], 'common imports neither side')]));
  // Tests may reach any test support; cycles are still refused there.
  out.push({ includes: TESTS, linter: { rules: { style: { noRestrictedImports: 'off' } } } });
  return out;
}

const path = fileURLToPath(new URL('../biome.json', import.meta.url));
const current = readFileSync(path, 'utf8');
const config = JSON.parse(current);
config.linter.rules.suspicious = {
  ...config.linter.rules.suspicious,
  noImportCycles: { level: 'error', options: { ignoreTypes: false } },
};
config.overrides = [...serverOverrides(), ...clientOverrides()];
if (process.argv.includes('--check')) {
  // Compared as data: Biome formats biome.json its own way.
  if (JSON.stringify(config) !== JSON.stringify(JSON.parse(current))) {
    console.error(
      'biome.json is not what scripts/dependency-rules.mjs declares: run `node scripts/dependency-rules.mjs`.',
    );
    process.exit(1);
  }
} else {
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
}
