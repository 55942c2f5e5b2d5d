/**
 * Renders a sample of every mail CrewBase sends to HTML (and its text part), then screenshots each
 * in Chromium at 600 px and 390 px wide, light and dark, to look at (issue 32):
 *
 *   node --import tsx scripts/mail-preview.ts [out-dir]      (default /tmp/mail-shots)
 *
 * CHROMIUM_PATH picks the browser (default /usr/bin/chromium). Nothing here touches a database.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { emailLinkMail } from '#server/features/auth/email-links.ts';
import { noAccountMail, resetLinkMail } from '#server/features/auth/password-reset-mail.ts';
import { securityNoticeMail } from '#server/features/auth/security-notices.ts';
import { contactMail } from '#server/features/site/service.ts';
import type { MailContent, RenderedMail } from '#server/mail/templates/content.ts';
import { renderMail } from '#server/mail/templates/render.tsx';

const site = new URL('https://crewbase.app');
const url = (p: string) => new URL(p, site).href;
const footer = (category: string): MailContent['footer'] => ({
  reason: `You get this because e-mail about ${category} is on in your CrewBase notification preferences.`,
  preferencesUrl: url('/notifications?tab=preferences'),
  unsubscribeUrl: url('/api/email/unsubscribe?token=sample'),
});

/** The shapes the notification mails take (features/notifications, features/messages). */
const notificationSamples: Record<string, MailContent> = {
  'booking-request': {
    subject: 'Booking request from Northlight Pictures',
    preheader: 'Gaffer, 3–7 March 2027, £420 a day',
    heading: 'Northlight Pictures asks to book you',
    paragraphs: ['Maya Okafor of Northlight Pictures would like to book you for “The Long Thaw”.'],
    facts: [
      { label: 'Who', value: 'Maya Okafor, Northlight Pictures' },
      { label: 'Dates', value: '3–7 March 2027' },
      { label: 'Role', value: 'Gaffer' },
      { label: 'Rate', value: '£420 a day' },
    ],
    button: { label: 'Answer the request', url: url('/bookings/42') },
    footer: footer('bookings and holds'),
  },
  'new-messages': {
    subject: '3 new messages from Sam Reyes',
    preheader: 'Can you do the Thursday pickup as well?',
    heading: 'New messages from Sam Reyes',
    paragraphs: ['Sam Reyes wrote to you while you were away.'],
    items: [
      { title: 'Sam Reyes', text: 'Thanks for the quick answer on the rig list.', meta: '09:12' },
      { title: 'Sam Reyes', text: 'Can you do the Thursday pickup as well?', meta: '09:14' },
      {
        title: 'Sam Reyes',
        text: 'We can cover the van if that helps — and the parking at the studio is sorted.',
        meta: '09:20',
      },
    ],
    button: { label: 'Reply', url: url('/messages/7') },
    footer: footer('messages'),
  },
  'daily-digest': {
    subject: 'Your CrewBase day: 4 things happened',
    preheader: 'A first hold, a review and a team invitation',
    heading: 'What happened today',
    paragraphs: ['Here is what happened on CrewBase since yesterday.'],
    items: [
      {
        title: 'First hold from Ridgeway Films',
        text: 'Best boy electric, 12–14 April 2027',
        url: url('/bookings/51'),
        meta: '08:40',
      },
      {
        title: 'New review',
        text: 'Jo Park gave you 5 stars: “Calm, quick and a great eye.”',
        url: url('/profile'),
        meta: '11:02',
      },
      { title: 'Team invitation', text: 'Lens & Light invited you to join as Gaffer', url: url('/teams/9') },
      { title: 'Payment received', text: '£1,260.00 for “The Long Thaw”', url: url('/payments') },
    ],
    button: { label: 'Open your notifications', url: url('/notifications') },
    footer: footer('the daily digest'),
  },
};

async function samples(): Promise<Record<string, RenderedMail>> {
  const at = new Date('2027-03-12T14:05:00Z');
  const user = { email: 'rosa@example.com', username: 'rosa_delgado' };
  const rendered: Record<string, RenderedMail> = {
    'verify-email': await emailLinkMail('sign_up', user.username, url('/verify-email?token=sample'), site),
    'change-email': await emailLinkMail('change', user.username, url('/verify-email?token=sample'), site),
    'password-reset': await resetLinkMail(url('/reset-password?token=sample'), site),
    'password-reset-no-account': await noAccountMail('nobody@example.com', site),
    'security-new-device': await securityNoticeMail(user, 'new_device', {
      at,
      device: 'Firefox on Linux',
      ip: '203.0.113.9',
    }),
    'security-password-changed': await securityNoticeMail(user, 'password_changed', { at }),
    contact: await contactMail({
      name: 'Rosa Delgado',
      email: 'rosa@example.com',
      topic: 'billing',
      message:
        'Can a production company pay for Premium for five crew members at once?\nWe would like one invoice.',
    }),
  };
  for (const [name, content] of Object.entries(notificationSamples))
    rendered[name] = await renderMail(content);
  return rendered;
}

async function main() {
  const out = process.argv[2] ?? '/tmp/mail-shots';
  await mkdir(out, { recursive: true });
  const mails = await samples();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    for (const [name, mail] of Object.entries(mails)) {
      const html = path.join(out, `${name}.html`);
      await writeFile(html, mail.html);
      await writeFile(path.join(out, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}`);
      for (const width of [600, 390]) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const page = await browser.newPage({ viewport: { width, height: 800 }, colorScheme });
          await page.goto(`file://${html}`);
          const shot = path.join(out, `${name}-${width}-${colorScheme}.png`);
          await page.screenshot({ path: shot, fullPage: true });
          await page.close();
          console.log(shot);
        }
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
