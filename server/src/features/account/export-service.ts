import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import {
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_EXPORT_INTERVAL_MINUTES,
  exportFileName,
  exportTooSoonMessage,
} from '#common/account-export';
import { personName } from '#common/people';
import { bookingReference } from '#common/schemas/bookings';
import type { Database } from '#server/db/client.ts';
import { NotFoundError, TooManyRequestsError } from '#server/errors.ts';
import { storedImageKey } from '#server/uploads/images.ts';
import type { MediaStorage } from '#server/uploads/storage.ts';
import { claimExportSlot, type ExportRows, loadExportRows, releaseExportSlot } from './export-queries.ts';

/**
 * "Download my data" (issue 33, ADR 026): the member's data as data.json, and the images they
 * uploaded, in one zip streamed as it is made. What goes in is chosen column by column in
 * export-queries.ts; this file shapes it and leaves out what is not the member's to have.
 */

/** Items by key, in their order (Map.groupBy arrives with Node 21). */
function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Another member as the export names them: their id and public name, never their e-mail. */
const person = (row: {
  otherId: number;
  otherDisplayName: string | null;
  otherFallbackName: string | null;
}) => ({
  id: row.otherId,
  name: personName({ displayName: row.otherDisplayName, fallbackName: row.otherFallbackName }),
});

/** Security events staff caused carry staff's address, browser and name: the member sees only that staff did it. */
const STAFF_EVENTS = new Set(['account_suspended', 'account_restored', 'role_changed']);
/** The parts of an event's detail that describe the member's own action; the rest (device hashes, other accounts' ids) stays. */
const DETAIL_KEYS = [
  'provider',
  'from',
  'to',
  'twoFactor',
  'newDevice',
  'route',
  'step',
  'everywhereElse',
  'method',
  'path',
];

function securityEvent(event: ExportRows['securityEvents'][number]) {
  const detail = event.detail ?? {};
  const byStaff = STAFF_EVENTS.has(event.type) || (typeof detail.by === 'string' && detail.by !== 'self');
  const kept = Object.fromEntries(
    DETAIL_KEYS.filter((key) => key in detail).map((key) => [key, detail[key]]),
  );
  return {
    type: event.type,
    at: event.createdAt,
    ...(byStaff ? { by: 'staff' } : { ip: event.ip, userAgent: event.userAgent }),
    ...(Object.keys(kept).length > 0 ? { detail: kept } : {}),
  };
}

/** A file the zip holds besides data.json: where it goes, and the stored image it is read from. */
interface ExportFile {
  path: string;
  key: string;
}

/** data.json, and the files it names (`file` fields are filled in as each is written). */
export function exportDocument(rows: ExportRows, currentSessionId: number, at: Date) {
  const me = rows.account;
  const files: ExportFile[] = [];
  const fileFor = (url: string | null, path: string) => {
    const key = storedImageKey(url);
    if (key) files.push({ path, key });
    return key ? path : null;
  };
  // Grouped once: a member with thousands of messages is not read once per conversation.
  const messagesOf = groupBy(rows.messages, (m) => m.conversationId);
  const positionsOf = groupBy(rows.teamPositions, (p) => p.teamId);
  const crewOf = groupBy(rows.teamCrew, (m) => m.teamId);
  const conversations = rows.conversations.map((c) => ({
    id: c.id,
    with: person(c),
    startedAt: c.createdAt,
    messages: (messagesOf.get(c.id) ?? []).map((m) => ({
      id: m.id,
      from: m.senderId === me.id ? 'you' : 'them',
      body: m.body,
      sentAt: m.createdAt,
    })),
  }));
  const document = {
    format: ACCOUNT_EXPORT_FORMAT,
    exportedAt: at,
    about:
      'Your CrewBase data as of exportedAt: your account, profile, reviews, messages, connections, bookings, ' +
      'teams, payments, notifications, devices and security events. Images you uploaded are in the files folder. ' +
      'Other members appear by id and public name only.',
    account: {
      id: me.id,
      username: me.username,
      email: me.email,
      emailVerifiedAt: me.emailVerifiedAt,
      role: me.role,
      twoFactorEnabled: me.twoFactorEnabledAt !== null,
      twoFactorEnabledAt: me.twoFactorEnabledAt,
      signInProviders: rows.signInProviders,
      createdAt: me.createdAt,
      updatedAt: me.updatedAt,
    },
    profile: {
      displayName: me.displayName,
      publicName: personName(me),
      bio: me.bio,
      location: me.location,
      contactInfo: me.contactInfo,
      contactVisibility: me.contactVisibility,
      photo: me.profileImage
        ? { url: me.profileImage, file: fileFor(me.profileImage, 'files/avatar.webp') }
        : null,
      roles: rows.roles,
      experience: rows.experience,
      credentials: rows.credentials,
      tags: rows.tags,
      portfolio: rows.portfolio.map((item) => ({
        ...item,
        file: item.kind === 'image' ? fileFor(item.url, `files/portfolio/${item.id}.webp`) : null,
      })),
      daysOff: rows.daysOff.map((d) => d.day),
      calendarLinkCreatedAt: rows.calendarFeed?.createdAt ?? null,
      viewsPerDay: rows.profileViews,
    },
    reviews: {
      written: rows.reviewsWritten.map(({ otherId, otherDisplayName, otherFallbackName, ...r }) => ({
        ...r,
        about: person({ otherId, otherDisplayName, otherFallbackName }),
      })),
      received: rows.reviewsReceived.map(({ otherId, otherDisplayName, otherFallbackName, ...r }) => ({
        ...r,
        by: person({ otherId, otherDisplayName, otherFallbackName }),
      })),
      reportsFiled: rows.reportsFiled,
    },
    messages: { conversations },
    connections: rows.connections.map((c) => {
      const sent = c.requesterId === me.id;
      return {
        with: person(c),
        direction: sent ? 'sent' : 'received',
        // A request turned down reads as pending to whoever sent it, here as in the app (ADR 017).
        status: sent && c.status === 'declined' ? 'pending' : c.status,
        requestedAt: c.createdAt,
        respondedAt: sent && c.status === 'declined' ? null : c.respondedAt,
      };
    }),
    blocked: rows.blocks.map((b) => ({ member: person(b), at: b.createdAt })),
    bookings: rows.bookings.map(({ otherId, otherDisplayName, otherFallbackName, requesterId, ...b }) => {
      const youBooked = requesterId === me.id;
      return {
        reference: bookingReference(b.id),
        side: youBooked ? 'you booked' : 'you were booked',
        [youBooked ? 'crew' : 'bookedBy']: person({ otherId, otherDisplayName, otherFallbackName }),
        ...b,
      };
    }),
    teams: {
      owned: rows.teamsOwned.map((team) => ({
        ...team,
        positions: (positionsOf.get(team.id) ?? []).map(({ teamId: _, ...p }) => p),
        crew: (crewOf.get(team.id) ?? []).map((m) => ({
          member: person(m),
          positionId: m.positionId,
          status: m.status,
          invitedAt: m.invitedAt,
          respondedAt: m.respondedAt,
        })),
      })),
      memberOf: rows.teamsJoined.map((t) => ({
        teamId: t.teamId,
        name: t.name,
        owner: person(t),
        role: t.role,
        status: t.status,
        invitedAt: t.invitedAt,
        respondedAt: t.respondedAt,
      })),
    },
    payments: rows.payments.map((p) => ({
      id: p.id,
      side: p.payerId === me.id ? 'paid' : 'received',
      kind: p.kind,
      description: p.description,
      amount: p.amount,
      taxAmount: p.taxAmount,
      currency: p.currency,
      provider: p.provider,
      booking: p.bookingId === null ? null : bookingReference(p.bookingId),
      periodStart: p.periodStart,
      periodEnd: p.periodEnd,
      refundStatus: p.refundStatus,
      refundedAt: p.refundedAt,
      invoiceNumber: p.invoiceNumber,
      at: p.createdAt,
    })),
    invoices: rows.payments.map((p) => ({
      number: p.invoiceNumber,
      paymentId: p.id,
      issuedAt: p.createdAt,
      seller: p.seller,
      buyer: p.buyer,
      description: p.description,
      amount: p.amount,
      taxAmount: p.taxAmount,
      currency: p.currency,
      pdf: `/api/payments/${p.id}/invoice`,
    })),
    subscriptions: rows.subscriptions,
    notifications: {
      items: rows.notifications,
      preferences: rows.notificationPreferences
        ? (({ userId: _, ...prefs }) => prefs)(rows.notificationPreferences)
        : 'defaults',
    },
    sessions: rows.sessions.map((s) => ({ ...s, current: s.id === currentSessionId })),
    securityEvents: rows.securityEvents.map(securityEvent),
  };
  return { document, files };
}

/**
 * The zip, made as it is read: each stored image is copied in as it streams from storage (stored,
 * not compressed again: WebP is compressed already), then data.json (deflated), which names only
 * the files that were really there.
 */
function zipStream(
  document: ReturnType<typeof exportDocument>['document'],
  files: ExportFile[],
  media: MediaStorage,
) {
  async function* chunks() {
    const out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else out.push(chunk);
    });
    const drain = function* () {
      if (failure) throw failure;
      while (out.length > 0) yield out.shift() as Uint8Array;
    };
    const written = new Set<string>();
    for (const file of files) {
      const stored = await media.get(file.key);
      if (!stored) continue;
      const entry = new ZipPassThrough(file.path);
      zip.add(entry);
      for await (const chunk of stored.body) {
        entry.push(chunk as Uint8Array);
        yield* drain();
      }
      entry.push(new Uint8Array(0), true);
      written.add(file.path);
      yield* drain();
    }
    const json = JSON.stringify(
      {
        ...document,
        profile: {
          ...document.profile,
          photo: document.profile.photo && {
            ...document.profile.photo,
            file: written.has(document.profile.photo.file ?? '') ? document.profile.photo.file : null,
          },
          portfolio: document.profile.portfolio.map((item) => ({
            ...item,
            file: written.has(item.file ?? '') ? item.file : null,
          })),
        },
        files: [...written],
      },
      null,
      2,
    );
    const data = new ZipDeflate('data.json', { level: 6 });
    zip.add(data);
    data.push(Buffer.from(json, 'utf8'), true);
    zip.end();
    yield* drain();
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * The export for the member, or a 429 naming when they may ask again. The slot is taken first (one
 * export a member per ACCOUNT_EXPORT_INTERVAL_MINUTES, across instances), and given back if the
 * data could not be read, since nothing was sent.
 */
export async function startExport(
  db: Database,
  media: MediaStorage,
  userId: number,
  currentSessionId: number,
) {
  const slot = await claimExportSlot(db, userId, ACCOUNT_EXPORT_INTERVAL_MINUTES);
  if (!slot.claimed) {
    const seconds = Math.max(1, Math.ceil(slot.secondsLeft));
    throw new TooManyRequestsError(exportTooSoonMessage(seconds), undefined, seconds);
  }
  let rows: ExportRows | undefined;
  try {
    rows = await loadExportRows(db, userId);
  } catch (error) {
    await releaseExportSlot(db, userId, slot.exportedAt);
    throw error;
  }
  if (!rows) throw new NotFoundError();
  const { document, files } = exportDocument(rows, currentSessionId, slot.exportedAt);
  return {
    fileName: exportFileName(rows.account.username, slot.exportedAt),
    body: zipStream(document, files, media),
  };
}
