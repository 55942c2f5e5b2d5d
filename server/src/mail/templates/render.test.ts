import { describe, expect, it } from 'vitest';
import type { MailContent } from './content.ts';
import { renderMail } from './render.tsx';

const content: MailContent = {
  subject: 'Booking request from <Northlight>',
  preheader: 'Gaffer, 3–7 March',
  heading: 'Northlight & Co asks to book you',
  paragraphs: ['Maya wrote: <script>alert(1)</script>', 'A second paragraph.'],
  facts: [
    { label: 'Dates', value: '3–7 March 2027' },
    { label: 'Rate', value: '£420 a day' },
  ],
  items: [
    { title: 'Sam', text: 'See you "Thursday"', url: 'https://crewbase.test/messages/7', meta: '09:14' },
  ],
  button: { label: 'Answer the request', url: 'https://crewbase.test/bookings/42?from=mail&x=1' },
  footer: {
    reason: 'You get this because e-mail about bookings is on.',
    preferencesUrl: 'https://crewbase.test/notifications?tab=preferences',
    unsubscribeUrl: 'https://crewbase.test/api/email/unsubscribe?token=abc',
  },
};

describe('renderMail', () => {
  it('lays the HTML part out in tables, light and dark, with everything escaped', async () => {
    const { subject, html } = await renderMail(content);
    expect(subject).toBe('Booking request from <Northlight>');
    expect(html).toContain('role="presentation"');
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).toContain('@media (prefers-color-scheme: dark)');
    expect(html).toContain('Gaffer, 3–7 March');
    expect(html).toContain('Northlight &amp; Co asks to book you');
    expect(html).toContain('Maya wrote: &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('£420 a day');
    expect(html).toContain('href="https://crewbase.test/bookings/42?from=mail&amp;x=1"');
    expect(html).toContain('href="https://crewbase.test/messages/7"');
    expect(html).toMatch(
      /href="https:\/\/crewbase\.test\/notifications\?tab=preferences"[^>]*>Notification preferences</,
    );
    expect(html).toMatch(
      /href="https:\/\/crewbase\.test\/api\/email\/unsubscribe\?token=abc"[^>]*>Unsubscribe</,
    );
  });

  it('writes a plain-text part for reading, with the button’s URL on a line of its own', async () => {
    const { text } = await renderMail(content);
    expect(text).toBe(
      `${[
        'Northlight & Co asks to book you',
        'Maya wrote: <script>alert(1)</script>',
        'A second paragraph.',
        'Dates: 3–7 March 2027\nRate: £420 a day',
        '* Sam\n  See you "Thursday"\n  09:14\n  https://crewbase.test/messages/7',
        'Answer the request:\nhttps://crewbase.test/bookings/42?from=mail&x=1',
        [
          '--',
          'You get this because e-mail about bookings is on.',
          'Notification preferences: https://crewbase.test/notifications?tab=preferences',
          'Unsubscribe: https://crewbase.test/api/email/unsubscribe?token=abc',
        ].join('\n'),
      ].join('\n\n')}\n`,
    );
  });

  it('leaves out what a mail does not have: no button, no unsubscribe, no links at all', async () => {
    const { html, text } = await renderMail({
      subject: 'Your CrewBase password was changed',
      heading: 'Your CrewBase password was changed',
      paragraphs: ['Hello x,'],
      footer: { reason: 'We send this to every account.' },
    });
    expect(html).not.toMatch(/href=/);
    expect(html).not.toContain('Unsubscribe');
    expect(text).toBe(
      'Your CrewBase password was changed\n\nHello x,\n\n--\nWe send this to every account.\n',
    );
  });
});
