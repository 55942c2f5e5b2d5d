import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

/** The sitemap protocol's two XML Schemas (fixtures/sitemaps), read once. */
const SCHEMAS = {
  urlset: 'sitemap.xsd',
  sitemapindex: 'siteindex.xsd',
} as const;

const schemaOf = (kind: keyof typeof SCHEMAS) => ({
  fileName: SCHEMAS[kind],
  contents: readFileSync(path.join(import.meta.dirname, 'fixtures/sitemaps', SCHEMAS[kind]), 'utf8'),
});

/**
 * What libxml2 (xmllint, as WebAssembly) finds wrong with a sitemap file against the protocol's
 * schema for its kind: a list of URLs (`urlset`) or an index of sitemap files (`sitemapindex`).
 * Empty when it is valid.
 */
export async function sitemapSchemaErrors(xml: string, kind: keyof typeof SCHEMAS): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'sitemap.xml', contents: xml },
    schema: schemaOf(kind),
  });
  return result.errors.map((error) => error.message);
}
