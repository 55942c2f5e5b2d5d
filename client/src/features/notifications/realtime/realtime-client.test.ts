import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification, RealtimeServerMessage } from '#common/schemas/notifications';
import {
  RealtimeClient,
  type RealtimeClientOptions,
  realtimeUrl,
  type SocketLike,
} from './realtime-client.ts';

/** A WebSocket stand-in the test opens, closes and feeds by hand. */
class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly sent: string[] = [];
  closedWith: number | undefined;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverSends(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  fails() {
    this.onerror?.(new Event('error'));
    this.serverCloses(1006);
  }
}

const notification: Notification = {
  id: 7,
  userId: 1,
  type: 'review',
  title: 'New review',
  message: 'Sam left you a 5-star review.',
  isRead: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  data: { reviewId: 3, rating: 5 },
};

function setup(overrides: Partial<RealtimeClientOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const messages: RealtimeServerMessage[] = [];
  const opens: { resumed: boolean }[] = [];
  const onSessionEnded = vi.fn();
  const onConnectFailed = vi.fn();
  const client = new RealtimeClient({
    url: 'ws://crew.test/ws',
    onMessage: (message) => messages.push(message),
    onOpen: (info) => opens.push(info),
    onSessionEnded,
    onConnectFailed,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    ...overrides,
  });
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  };
  return { client, sockets, messages, opens, onSessionEnded, onConnectFailed, last };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('realtimeUrl', () => {
  it('uses wss under https and ws under http, on the page host', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'crewbase.app' })).toBe('wss://crewbase.app/ws');
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:4330' })).toBe('ws://127.0.0.1:4330/ws');
  });
});

describe('RealtimeClient', () => {
  it('goes connecting → connected and hands on notification and unread_count_update messages', () => {
    const { client, last, messages, opens } = setup();
    expect(client.getSnapshot()).toEqual({ state: 'closed', error: null });
    client.start();
    expect(client.getSnapshot().state).toBe('connecting');
    expect(last().url).toBe('ws://crew.test/ws');
    last().serverOpens();
    expect(client.getSnapshot()).toEqual({ state: 'connected', error: null });
    expect(opens).toEqual([{ resumed: false }]);

    last().serverSends({ type: 'notification', data: notification });
    last().serverSends({ type: 'unread_count_update', count: 4 });
    last().serverSends({ type: 'something_else' });
    last().onmessage?.({ data: 'not json' } as MessageEvent);
    expect(messages).toEqual([
      { type: 'notification', data: notification },
      { type: 'unread_count_update', count: 4 },
    ]);
  });

  it('start() twice keeps one socket', () => {
    const { client, sockets } = setup();
    client.start();
    client.start();
    expect(sockets).toHaveLength(1);
  });

  it('pings every 30 s while connected, and stops pinging once closed', () => {
    const { client, last } = setup();
    client.start();
    last().serverOpens();
    vi.advanceTimersByTime(29_999);
    expect(last().sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(last().sent).toEqual([JSON.stringify({ type: 'notification_ping' })]);
    vi.advanceTimersByTime(30_000);
    expect(last().sent).toHaveLength(2);
    const socket = last();
    socket.serverCloses(1000);
    vi.advanceTimersByTime(90_000);
    expect(socket.sent).toHaveLength(2);
  });

  it('retries 3 s after a close with a code other than 1000, reporting "Connection failed"', () => {
    const { client, sockets, last, opens } = setup();
    client.start();
    last().serverOpens();
    last().onerror?.(new Event('error'));
    last().serverCloses(1006);
    expect(client.getSnapshot()).toEqual({ state: 'closed', error: 'Connection failed' });
    vi.advanceTimersByTime(2_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    expect(client.getSnapshot()).toEqual({ state: 'connecting', error: 'Connection failed' });
    last().serverOpens();
    expect(client.getSnapshot()).toEqual({ state: 'connected', error: null });
    expect(opens).toEqual([{ resumed: false }, { resumed: true }]);
  });

  it('retries after the server goes away (1001) too', () => {
    const { client, sockets, last } = setup();
    client.start();
    last().serverOpens();
    last().serverCloses(1001);
    expect(client.getSnapshot()).toEqual({ state: 'closed', error: 'Connection failed' });
    vi.advanceTimersByTime(3_000);
    expect(sockets).toHaveLength(2);
  });

  it('does not retry after a close with 1000', () => {
    const { client, sockets, last } = setup();
    client.start();
    last().serverOpens();
    last().serverCloses(1000);
    expect(client.getSnapshot()).toEqual({ state: 'closed', error: null });
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('says "Failed to connect" when a socket never opens, keeps retrying, and asks once per streak to re-check the session', () => {
    const { client, sockets, last, onConnectFailed } = setup();
    client.start();
    last().fails();
    expect(client.getSnapshot()).toEqual({ state: 'closed', error: 'Failed to connect' });
    expect(onConnectFailed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3_000);
    last().fails();
    vi.advanceTimersByTime(3_000);
    expect(sockets).toHaveLength(3);
    expect(onConnectFailed).toHaveBeenCalledTimes(1);
    last().serverOpens();
    last().serverCloses(1006);
    vi.advanceTimersByTime(3_000);
    last().fails();
    expect(onConnectFailed).toHaveBeenCalledTimes(2);
  });

  it('reports "Failed to connect" when the socket cannot even be built, and retries', () => {
    let attempts = 0;
    const { client } = setup({
      createSocket: () => {
        attempts++;
        throw new Error('SyntaxError: WebSocket construction failed');
      },
    });
    client.start();
    expect(client.getSnapshot()).toEqual({ state: 'closed', error: 'Failed to connect' });
    vi.advanceTimersByTime(3_000);
    expect(attempts).toBe(2);
  });

  it('stops for good when the session ended (4401) and tells the app', () => {
    const { client, sockets, last, onSessionEnded } = setup();
    client.start();
    last().serverOpens();
    last().serverCloses(4401);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    client.resume();
    expect(sockets).toHaveLength(1);
  });

  it('says so and stops retrying when the server refuses this address (4403)', () => {
    const { client, sockets, last } = setup();
    client.start();
    // The server upgrades, then closes at once: the page reads the code a refused upgrade hides.
    last().serverOpens();
    last().serverCloses(4403);
    expect(client.getSnapshot()).toEqual({
      state: 'closed',
      error: 'Live updates are not available at this address',
    });
    vi.advanceTimersByTime(60_000);
    client.resume();
    expect(sockets).toHaveLength(1);
    // A manual reconnect still tries again (the operator may have changed the configuration).
    client.reconnect();
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
  });

  it('manual reconnect closes with 1000 and reopens after 1 s', () => {
    const { client, sockets, last } = setup();
    client.start();
    last().serverOpens();
    const first = last();
    client.reconnect();
    expect(first.closedWith).toBe(1000);
    expect(client.getSnapshot().state).toBe('closed');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    expect(client.getSnapshot().state).toBe('connecting');
    // Events of the replaced socket are ignored.
    first.serverSends({ type: 'unread_count_update', count: 1 });
    first.serverCloses(1006);
    expect(client.getSnapshot().state).toBe('connecting');
  });

  it('reconnects at once when the tab becomes visible while closed, without a second socket', () => {
    const { client, sockets, last } = setup();
    client.start();
    last().serverOpens();
    last().serverCloses(1006);
    client.resume();
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(3_000);
    expect(sockets).toHaveLength(2);
    // While connecting or connected, becoming visible changes nothing.
    client.resume();
    last().serverOpens();
    client.resume();
    expect(sockets).toHaveLength(2);
  });

  it('stop() closes with 1000, cancels a pending retry and the pings', () => {
    const { client, sockets, last } = setup();
    client.start();
    last().serverOpens();
    last().serverCloses(1006);
    client.stop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);

    client.start();
    last().serverOpens();
    client.stop();
    expect(last().closedWith).toBe(1000);
    expect(client.getSnapshot()).toEqual({ state: 'closed', error: null });
    vi.advanceTimersByTime(60_000);
    expect(last().sent).toEqual([]);
    client.resume();
    expect(sockets).toHaveLength(2);
  });

  it('tells subscribers when the state changes', () => {
    const { client, last } = setup();
    const seen: string[] = [];
    const unsubscribe = client.subscribe(() => seen.push(client.getSnapshot().state));
    client.start();
    last().serverOpens();
    unsubscribe();
    last().serverCloses(1000);
    expect(seen).toEqual(['connecting', 'connected']);
  });
});
