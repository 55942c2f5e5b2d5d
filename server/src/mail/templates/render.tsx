import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Row,
  render,
  Section,
  Text,
} from '@react-email/components';
import type { CSSProperties } from 'react';
import type { MailContent, RenderedMail } from './content.ts';

/**
 * The product's colours (client/src/styles.css): slate text on white, the ink band with the amber
 * "Base" of the wordmark. Inline for clients that drop <style>; DARK below swaps them where the
 * client honours prefers-color-scheme, and each pair reads at 4.5:1 or better.
 */
const colour = {
  page: '#f1f5f9',
  card: '#ffffff',
  border: '#e2e8f0',
  text: '#0f172a',
  muted: '#475569',
  ink: '#0b1220',
  brand: '#f59e0b',
  brandStrong: '#b45309',
  facts: '#f8fafc',
};

const DARK = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .cb-page, .cb-page > table > tbody > tr > td { background-color: #0b1220 !important; }
  .cb-card { background-color: #101828 !important; border-color: #1e293b !important; }
  .cb-band { border: 1px solid #1e293b !important; border-bottom: none !important; }
  .cb-facts { background-color: #131c2e !important; border-color: #1e293b !important; }
  .cb-text { color: #e2e8f0 !important; }
  .cb-muted { color: #94a3b8 !important; }
  .cb-link { color: #fbbf24 !important; }
  .cb-rule { border-color: #1e293b !important; }
  .cb-button { background-color: #f59e0b !important; color: #0b1220 !important; }
}
@media (max-width: 480px) {
  .cb-inner, .cb-band { padding-left: 20px !important; padding-right: 20px !important; }
  .cb-label { width: 40% !important; }
}`;

const font = "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const s = {
  body: { backgroundColor: colour.page, margin: 0, padding: '24px 12px', fontFamily: font },
  container: { maxWidth: '600px', width: '100%', margin: '0 auto' },
  band: { backgroundColor: colour.ink, borderRadius: '12px 12px 0 0', padding: '18px 32px' },
  wordmark: { margin: 0, fontSize: '20px', lineHeight: '24px', fontWeight: 700, color: '#ffffff' },
  card: {
    backgroundColor: colour.card,
    border: `1px solid ${colour.border}`,
    borderTop: 'none',
    borderRadius: '0 0 12px 12px',
  },
  inner: { padding: '28px 32px 32px' },
  heading: {
    margin: '0 0 16px',
    fontSize: '22px',
    lineHeight: '30px',
    fontWeight: 700,
    color: colour.text,
  },
  paragraph: { margin: '0 0 14px', fontSize: '16px', lineHeight: '24px', color: colour.text },
  facts: {
    backgroundColor: colour.facts,
    border: `1px solid ${colour.border}`,
    borderRadius: '8px',
    padding: '8px 16px',
    margin: '6px 0 18px',
  },
  label: {
    width: '30%',
    padding: '6px 12px 6px 0',
    verticalAlign: 'top',
    fontSize: '14px',
    lineHeight: '20px',
    color: colour.muted,
  },
  value: {
    padding: '6px 0',
    verticalAlign: 'top',
    fontSize: '15px',
    lineHeight: '20px',
    fontWeight: 600,
    color: colour.text,
  },
  item: { borderTop: `1px solid ${colour.border}`, padding: '12px 0' },
  itemTitle: { margin: 0, fontSize: '15px', lineHeight: '22px', fontWeight: 600, color: colour.text },
  itemText: { margin: '2px 0 0', fontSize: '15px', lineHeight: '22px', color: colour.text },
  itemMeta: { margin: '2px 0 0', fontSize: '13px', lineHeight: '18px', color: colour.muted },
  link: { color: colour.brandStrong, textDecoration: 'underline' },
  buttonRow: { padding: '10px 0 4px' },
  button: {
    backgroundColor: colour.ink,
    color: '#ffffff',
    borderRadius: '8px',
    padding: '12px 22px',
    fontSize: '16px',
    lineHeight: '20px',
    fontWeight: 600,
    textDecoration: 'none',
  },
  rule: { borderColor: colour.border, margin: '24px 0 16px' },
  footer: { margin: '0 0 6px', fontSize: '13px', lineHeight: '19px', color: colour.muted },
} satisfies Record<string, CSSProperties>;

function Footer({ footer }: { footer: MailContent['footer'] }) {
  const links = [
    footer.preferencesUrl && { label: 'Notification preferences', url: footer.preferencesUrl },
    footer.unsubscribeUrl && { label: 'Unsubscribe', url: footer.unsubscribeUrl },
  ].filter((link) => !!link);
  return (
    <>
      <Hr className="cb-rule" style={s.rule} />
      <Text className="cb-muted" style={s.footer}>
        {footer.reason}
      </Text>
      {links.length > 0 && (
        <Text className="cb-muted" style={s.footer}>
          {links.map((link, i) => (
            <span key={link.label}>
              {i > 0 && ' · '}
              <Link className="cb-link" href={link.url} style={s.link}>
                {link.label}
              </Link>
            </span>
          ))}
        </Text>
      )}
    </>
  );
}

function Mail({ content }: { content: MailContent }) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{content.subject}</title>
        <style>{DARK}</style>
      </Head>
      {content.preheader && <Preview>{content.preheader}</Preview>}
      <Body className="cb-page" style={s.body}>
        <Container style={s.container}>
          <Section className="cb-band" style={s.band}>
            <Text style={s.wordmark}>
              Crew<span style={{ color: colour.brand }}>Base</span>
            </Text>
          </Section>
          <Section className="cb-card" style={s.card}>
            <Section className="cb-inner" style={s.inner}>
              <Heading as="h1" className="cb-text" style={s.heading}>
                {content.heading}
              </Heading>
              {content.paragraphs.map((paragraph, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a mail's paragraphs never reorder
                <Text key={i} className="cb-text" style={s.paragraph}>
                  {paragraph}
                </Text>
              ))}
              {content.facts && content.facts.length > 0 && (
                <Section className="cb-facts" style={s.facts}>
                  {content.facts.map((fact) => (
                    <Row key={fact.label}>
                      <Column className="cb-muted cb-label" style={s.label}>
                        {fact.label}
                      </Column>
                      <Column className="cb-text" style={s.value}>
                        {fact.value}
                      </Column>
                    </Row>
                  ))}
                </Section>
              )}
              {content.items && content.items.length > 0 && (
                <Section style={{ margin: '4px 0 14px' }}>
                  {content.items.map((item, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a mail's items never reorder
                    <Section key={i} className="cb-rule" style={s.item}>
                      <Text className="cb-text" style={s.itemTitle}>
                        {item.url ? (
                          <Link className="cb-link" href={item.url} style={s.link}>
                            {item.title}
                          </Link>
                        ) : (
                          item.title
                        )}
                      </Text>
                      <Text className="cb-text" style={s.itemText}>
                        {item.text}
                      </Text>
                      {item.meta && (
                        <Text className="cb-muted" style={s.itemMeta}>
                          {item.meta}
                        </Text>
                      )}
                    </Section>
                  ))}
                </Section>
              )}
              {content.button && (
                <Section style={s.buttonRow}>
                  <Button className="cb-button" href={content.button.url} style={s.button}>
                    {content.button.label}
                  </Button>
                </Section>
              )}
              <Footer footer={content.footer} />
            </Section>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The plain-text part, laid out for reading (not the HTML with its tags stripped): the heading,
 * the paragraphs, the facts as "Label: value" lines, the items, the button's URL on a line of its
 * own, and the footer's links written out.
 */
export function plainText(content: MailContent): string {
  const blocks: string[] = [content.heading, ...content.paragraphs];
  if (content.facts?.length) blocks.push(content.facts.map((f) => `${f.label}: ${f.value}`).join('\n'));
  for (const item of content.items ?? []) {
    blocks.push(
      [`* ${item.title}`, `  ${item.text}`, item.meta && `  ${item.meta}`, item.url && `  ${item.url}`]
        .filter(Boolean)
        .join('\n'),
    );
  }
  if (content.button) blocks.push(`${content.button.label}:\n${content.button.url}`);
  const footer = ['--', content.footer.reason];
  if (content.footer.preferencesUrl)
    footer.push(`Notification preferences: ${content.footer.preferencesUrl}`);
  if (content.footer.unsubscribeUrl) footer.push(`Unsubscribe: ${content.footer.unsubscribeUrl}`);
  blocks.push(footer.join('\n'));
  return `${blocks.join('\n\n')}\n`;
}

/** A mail's HTML part (table-based, light and dark) and plain-text part, from what it says. */
export async function renderMail(content: MailContent): Promise<RenderedMail> {
  return {
    subject: content.subject,
    html: await render(<Mail content={content} />),
    text: plainText(content),
  };
}
