import {
  REALTIME,
  REALTIME_CLOSE,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
  realtimeServerMessageSchema,
} from '#common/schemas/notifications';

/** SPEC §4 realtime connection states. */
export type RealtimeState = 'connecting' | 'connected' | 'closed';

/** SPEC §4 error messages. */
export const REALTIME_ERROR = {
  /** The socket could not be opened at all (refused upgrade, no network, constructor threw). */
  connect: 'Failed to connect',
  /** An open socket broke. */
  connection: 'Connection failed',
  /** The server will not accept a socket from this page's address (close 4403): no retry can help. */
  originRefused: 'Live updates are not available at this address',
} as const;

export interface RealtimeSnapshot {
  state: RealtimeState;
  error: (typeof REALTIME_ERROR)[keyof typeof REALTIME_ERROR] | null;
}

/** The part of the browser's WebSocket this client uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = (url: string) => SocketLike;

export interface RealtimeClientOptions {
  url: string;
  onMessage: (message: RealtimeServerMessage) => void;
  /** Each time a socket opens; `resumed` when it replaces one that had been open (events may be missed). */
  onOpen?: (info: { resumed: boolean }) => void;
  /** The server closed the socket because the session ended: do not retry, re-check who is signed in. */
  onSessionEnded?: () => void;
  /**
   * The first time in a row a socket closes without ever opening. A refused upgrade (401 for an
   * ended session) looks the same to a browser as a network failure, so the app re-checks who is
   * signed in and stops the client if nobody is.
   */
  onConnectFailed?: () => void;
  createSocket?: SocketFactory;
}

const OPEN = 1;
const NORMAL_CLOSURE = 1000;

/** ws:// or wss:// for the page's own host (SPEC §7: wss when the page is https). */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${REALTIME.path}`;
}

/**
 * One socket to /ws with SPEC §4's behaviour: connecting → connected → closed; after a close with a
 * code other than 1000 it tries again in 3 s; `resume()` (the tab became visible) reconnects at once
 * when closed; `reconnect()` closes and reopens after 1 s; while connected it pings every 30 s.
 * No React in here: the hook in use-realtime.ts drives it, the unit tests drive it with fake timers.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private snapshot: RealtimeSnapshot = { state: 'closed', error: null };
  private readonly listeners = new Set<() => void>();
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  /** False after stop() or a session-ended close: nothing reopens the socket until start(). */
  private wanted = false;
  private everOpened = false;
  /** Consecutive sockets that closed without opening. */
  private failedOpens = 0;
  private readonly createSocket: SocketFactory;

  constructor(private readonly options: RealtimeClientOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
  }

  getSnapshot = (): RealtimeSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Opens the socket (if it is not open or opening already). */
  start(): void {
    this.wanted = true;
    if (this.socket) return;
    this.open();
  }

  /** Closes for good with 1000 (logout, signed out, unmount); no retry. */
  stop(): void {
    this.wanted = false;
    this.clearRetry();
    this.closeSocket();
    this.setSnapshot({ state: 'closed', error: null });
  }

  /** SPEC §4 manual reconnect: close, then reopen after 1 s. */
  reconnect(): void {
    this.wanted = true;
    this.clearRetry();
    this.closeSocket();
    this.setSnapshot({ state: 'closed', error: null });
    this.scheduleOpen(REALTIME.manualReconnectDelayMs);
  }

  /** SPEC §4: the tab became visible; reconnect now if the socket is down and wanted. */
  resume(): void {
    if (!this.wanted || this.socket) return;
    this.clearRetry();
    this.open();
  }

  private open(): void {
    this.clearRetry();
    this.setSnapshot({ state: 'connecting', error: this.snapshot.error });
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.options.url);
    } catch {
      this.setSnapshot({ state: 'closed', error: REALTIME_ERROR.connect });
      this.scheduleOpen(REALTIME.retryDelayMs);
      return;
    }
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      opened = true;
      this.failedOpens = 0;
      const resumed = this.everOpened;
      this.everOpened = true;
      this.setSnapshot({ state: 'connected', error: null });
      this.startPing(socket);
      this.options.onOpen?.({ resumed });
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      const message = parseMessage(event.data);
      if (message) this.options.onMessage(message);
    };
    socket.onerror = () => {
      if (this.socket !== socket) return;
      // Only recorded; the close event that always follows decides what happens next.
      this.setSnapshot({
        state: this.snapshot.state,
        error: opened ? REALTIME_ERROR.connection : REALTIME_ERROR.connect,
      });
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPing();
      const failedToOpen = !opened;
      const error =
        event.code === NORMAL_CLOSURE
          ? null
          : (this.snapshot.error ?? (failedToOpen ? REALTIME_ERROR.connect : REALTIME_ERROR.connection));
      this.setSnapshot({ state: 'closed', error });
      if (event.code === REALTIME_CLOSE.sessionEnded) {
        this.wanted = false;
        this.options.onSessionEnded?.();
        return;
      }
      if (event.code === REALTIME_CLOSE.originRefused) {
        // Said once and left closed: retrying every 3 s would only repeat the refusal.
        this.wanted = false;
        this.setSnapshot({ state: 'closed', error: REALTIME_ERROR.originRefused });
        console.warn(`Realtime: ${event.reason || REALTIME_ERROR.originRefused} (${this.options.url})`);
        return;
      }
      if (event.code !== NORMAL_CLOSURE && this.wanted) this.scheduleOpen(REALTIME.retryDelayMs);
      if (failedToOpen && ++this.failedOpens === 1) this.options.onConnectFailed?.();
    };
  }

  private closeSocket(): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    this.stopPing();
    socket.onopen = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
    socket.close(NORMAL_CLOSURE);
  }

  private scheduleOpen(delayMs: number): void {
    this.clearRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.wanted && !this.socket) this.open();
    }, delayMs);
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private startPing(socket: SocketLike): void {
    this.stopPing();
    const ping: RealtimeClientMessage = { type: 'notification_ping' };
    this.pingTimer = setInterval(() => {
      if (socket.readyState === OPEN) socket.send(JSON.stringify(ping));
    }, REALTIME.pingIntervalMs);
  }

  private stopPing(): void {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private setSnapshot(next: RealtimeSnapshot): void {
    if (next.state === this.snapshot.state && next.error === this.snapshot.error) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

function parseMessage(text: string): RealtimeServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    console.warn('Realtime: a message that is not JSON was ignored');
    return null;
  }
  const parsed = realtimeServerMessageSchema.safeParse(value);
  if (!parsed.success) {
    // SPEC §8: other realtime failures are logged only.
    console.warn('Realtime: a message of unknown shape was ignored');
    return null;
  }
  return parsed.data;
}
