import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { WARM_UP_ELEMENT_ID, WARM_UP_SOURCES } from './src/lib/warm-up.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;
const outDir = path.resolve(import.meta.dirname, '../dist/client');
/** The server renderer of public pages (src/entry-server.tsx), loaded by the server at start. */
const serverRenderDir = path.resolve(import.meta.dirname, '../dist/server-render');

/**
 * Writes /bundle-report.json from Vite's build manifest: each chunk's raw and gzipped size, for the
 * /bundle-optimization page. Sizes are measured from the files on disk, after the build.
 */
function bundleReport(): Plugin {
  return {
    name: 'crewbase-bundle-report',
    apply: 'build',
    closeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        {
          file: string;
          src?: string;
          isEntry?: boolean;
          isDynamicEntry?: boolean;
          css?: string[];
          imports?: string[];
        }
      >;
      const size = (file: string) => {
        const bytes = readFileSync(path.join(outDir, file));
        return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      };
      // What the first page load downloads: the entry and every chunk it imports statically.
      const initial = new Set<string>();
      const visit = (key: string) => {
        if (initial.has(key)) return;
        initial.add(key);
        for (const next of manifest[key]?.imports ?? []) visit(next);
      };
      for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
      const kindOf = (key: string, chunk: { file: string; isEntry?: boolean; isDynamicEntry?: boolean }) => {
        if (!chunk.file.endsWith('.js')) return 'asset';
        if (chunk.isEntry) return 'entry';
        if (initial.has(key)) return 'initial';
        return chunk.isDynamicEntry ? 'lazy' : 'shared';
      };
      const chunks = Object.entries(manifest).map(([key, chunk]) => ({
        name: chunk.src ?? key,
        kind: kindOf(key, chunk),
        ...size(chunk.file),
        css: (chunk.css ?? []).map(size),
      }));
      writeFileSync(
        path.join(outDir, 'bundle-report.json'),
        JSON.stringify({ builtAt: new Date().toISOString(), chunks }),
      );
    },
  };
}

/**
 * The built index.html starts the app through boot/start.js once the first paint is done, instead
 * of with Vite's module script and modulepreload links, which on a fast connection run the app
 * before the server-rendered page is painted and on a slow one take the connection from the
 * stylesheet and the font (ADR 022 addendum). The entry and the chunks it imports are named on the
 * start script's tag; it preloads them itself. start.js is emitted as a hashed asset, so it is
 * cached like the rest of the build and precached by the service worker. The dev server keeps
 * Vite's own script.
 */
function startAfterFirstPaint(): Plugin {
  const source = readFileSync(path.join(import.meta.dirname, 'boot/start.js'), 'utf8');
  const fileName = `assets/start-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
  return {
    name: 'crewbase-start-after-first-paint',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entryScript = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const preloadLink = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
        const entry = entryScript.exec(html)?.[1];
        if (!entry) throw new Error('index.html: the entry module script was not found');
        const preloads = [...html.matchAll(preloadLink)].map((match) => match[1]);
        const start = `<script src="/${fileName}" data-entry="${entry}" data-preload="${preloads.join(' ')}" defer></script>`;
        return html.replace(preloadLink, '').replace(entryScript, `\n    ${start}`);
      },
    },
  };
}

/**
 * Inter's Latin file, asked for from the head rather than once the stylesheet has been read and
 * laid out: it then arrives about when the page first paints, so the text is laid out again (the
 * swap from the matched fallback) before the first paint or just after, instead of in the middle
 * of the app's start-up, where it was a 40–50 ms layout on this machine (ADR 022, session 13).
 */
function preloadTextFont(): Plugin {
  return {
    name: 'crewbase-preload-text-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const font = Object.keys(bundle).find((file) =>
          /\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(file),
        );
        if (!font)
          throw new Error(
            "the build has no Inter Latin font file to preload (@fontsource-variable/inter's name changed?)",
          );
        return html.replace(
          '</title>',
          `</title>\n    <link rel="preload" href="/${font}" as="font" type="font/woff2" crossorigin>`,
        );
      },
    },
  };
}

/**
 * Writes into the built index.html, as JSON, the chunks of each piece of code the page may fetch
 * while idle (src/lib/warm-up.ts): the module's chunk and every chunk it imports statically, less
 * those the first load fetches anyway.
 */
function warmUpChunks(): Plugin {
  return {
    name: 'crewbase-warm-up-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter(
          (output): output is Rolldown.OutputChunk => output.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const withImports = (chunk: Rolldown.OutputChunk, into = new Set<string>()) => {
          if (into.has(chunk.fileName)) return into;
          into.add(chunk.fileName);
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) withImports(imported, into);
          }
          return into;
        };
        const firstLoad = new Set(
          chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...withImports(chunk)]),
        );
        const warmUp = Object.fromEntries(
          Object.entries(WARM_UP_SOURCES).map(([name, source]) => {
            const id = path.resolve(import.meta.dirname, source);
            // The module's own chunk, or the shared chunk it was put in when other chunks import it too.
            const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
            if (!chunk) throw new Error(`warm-up ${name}: no chunk has ${source} as its module`);
            const files = [...withImports(chunk)].filter((file) => !firstLoad.has(file));
            return [name, files.map((file) => `/${file}`)];
          }),
        );
        const json = JSON.stringify(warmUp).replaceAll('<', '\\u003c');
        return html.replace(
          '</body>',
          `  <script type="application/json" id="${WARM_UP_ELEMENT_ID}">${json}</script>\n  </body>`,
        );
      },
    },
  };
}

/**
 * `vite build --ssr` builds the server renderer: the same components for Node, without the service
 * worker and the bundle report, which belong to the browser's build.
 */
const serverRenderBuild = defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: serverRenderDir,
    emptyOutDir: true,
    // Vite resolves #common/* and bundles the app's own code; packages stay imports from node_modules.
    target: 'node20',
  },
});

/**
 * React Router's package points every import at its development build, whose warnings stay on
 * (remix-run/react-router#14102): the browser gets its production build, the same code with
 * the developer checks off. `vite` in development and the server renderer keep the package's own
 * resolution.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

const browserBuild = defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // The page registers the worker itself (client/src/app/pwa.ts, a lazy chunk) and asks before updating.
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      // client/public/manifest.webmanifest is ours, linked from index.html.
      manifest: false,
      filename: 'sw.js',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        // index.html is the server's template, never a page of its own: precached, Workbox's
        // directoryIndex served it for / to returning visitors instead of the server-rendered home
        // page (ADR 030). Neither it nor a directory index is looked up any more.
        globIgnores: ['uploads/**', 'index.html'],
        directoryIndex: null,
        cleanupOutdatedCaches: true,
        // Navigations go to the network first (below), never to a stale app shell.
        navigateFallback: null,
        runtimeCaching: [
          {
            // A page the visitor opened before works offline; one never opened gets offline.html.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'pages',
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 },
              precacheFallback: { fallbackURL: 'offline.html' },
              plugins: [
                {
                  // Kept: a 200 whose address carries no secret (a reset or verification token, a
                  // checkout's session or session_id: any parameter named like a token or a session)
                  // and that the server did not mark no-store. This runs in the worker, serialised
                  // by Workbox: nothing from outside the function.
                  cacheWillUpdate: async ({ request, response }) => {
                    const secret = /token|session/i;
                    const named = [...new URL(request.url).searchParams.keys()].some((key) =>
                      secret.test(key),
                    );
                    return response.status === 200 &&
                      !named &&
                      !/no-store/.test(response.headers.get('cache-control') ?? '')
                      ? response
                      : null;
                  },
                },
              ],
            },
          },
          {
            urlPattern: ({ request, url }) => request.method === 'GET' && url.pathname === '/api/roles',
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'role-catalogue', cacheableResponse: { statuses: [200] } },
          },
          {
            // Public profiles and availability, for reading offline. Network first: a rating that a
            // review just changed must show at once (see ADR 019). The owner's own profile answers
            // "private, no-store" and is never kept; nothing else under /api is cached, no write ever.
            urlPattern: ({ request, url }) =>
              request.method === 'GET' && /^\/api\/users\/\d+(\/availability)?$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'public-profiles',
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 200, maxAgeSeconds: 14 * 24 * 3600 },
              plugins: [
                {
                  cacheWillUpdate: async ({ response }) =>
                    response.status === 200 &&
                    !/private|no-store/.test(response.headers.get('cache-control') ?? '')
                      ? response
                      : null,
                },
              ],
            },
          },
        ],
      },
    }),
    bundleReport(),
    startAfterFirstPaint(),
    warmUpChunks(),
    preloadTextFont(),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /node_modules[\\/]/, priority: 2 },
            { name: 'icons', test: /node_modules[\\/]lucide-react/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 3000,
    proxy: {
      '/api': apiTarget,
      '/ws': { target: apiTarget, ws: true },
    },
  },
});

export default defineConfig(({ isSsrBuild, command }) => {
  if (isSsrBuild) return serverRenderBuild;
  if (command !== 'build') return browserBuild;
  return {
    ...browserBuild,
    resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
  };
});
