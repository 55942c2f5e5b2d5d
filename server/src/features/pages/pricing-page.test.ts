import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PREMIUM_PLANS, PREMIUM_PRODUCT_NAME } from '#common/premium';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>CrewBase | Connect with Film Industry Professionals</title><meta
      name="description"
      content="The product's own description."
    /></head><body><div id="root"></div></body></html>`;

let t: TestApp;

beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'crewbase-dist-'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ CLIENT_DIST: dist });
});

const jsonLdBlocks = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((block) =>
    JSON.parse(block[1] ?? ''),
  );

describe('/pricing rendered on the server (issue 33)', () => {
  it('has its title, canonical URL and a Product with an Offer per price, from common/src/premium.ts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pricing', headers: { host: 'crew.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<title>Pricing | CrewBase</title>');
    expect(html).toContain('<link rel="canonical" href="http://crew.test/pricing" />');
    const [product, crumbs] = jsonLdBlocks(html);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: PREMIUM_PRODUCT_NAME,
      url: 'http://crew.test/pricing',
    });
    const offers = product?.offers as Record<string, unknown>[];
    expect(offers).toHaveLength(2);
    expect(offers).toEqual(
      Object.values(PREMIUM_PLANS).map((plan) =>
        expect.objectContaining({
          '@type': 'Offer',
          name: plan.name,
          price: (plan.amount / 100).toFixed(2),
          priceCurrency: plan.currency.toUpperCase(),
          priceSpecification: expect.objectContaining({
            billingDuration: plan.interval === 'month' ? 'P1M' : 'P1Y',
          }),
        }),
      ),
    );
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    // With a trailing slash or a query string it is the same page and the same canonical.
    const again = await t.app.inject({
      method: 'GET',
      url: '/pricing/?ref=footer',
      headers: { host: 'crew.test' },
    });
    expect(again.body).toContain('<link rel="canonical" href="http://crew.test/pricing" />');
  });

  it('is listed in the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'crew.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<loc>[^<]*\/pricing<\/loc>/);
  });
});
