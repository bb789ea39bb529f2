import type { ServerResponse } from 'node:http';
import { can, type OperatorRole } from '@app/contract/admin/roles';
import {
  OPERATOR_EVENT_AREAS,
  type OperatorEvent,
  type PlayerEvent,
  type SessionEndReason,
  STREAM_CONTROL,
} from '@app/contract/events';
import type { Bus, BusMessage } from '../../lib/bus';

/** Events this node keeps for reconnects (`Last-Event-ID`); an older id is answered with `refetch`. */
const REPLAY_KEPT = 5_000;
/** A client this far behind (bytes unsent) is cut off; it reconnects and refetches. */
const MAX_UNSENT_BYTES = 256 * 1024;
/** How long the browser waits before it reconnects on its own. */
const RETRY_MS = 3_000;

const HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  // nginx passes this stream on as it comes instead of buffering it (deploy/nginx sets the same).
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
};

interface PlayerStream {
  userId: number;
  sessionId: number;
  out: ServerResponse;
}

interface OperatorStream {
  operatorId: number;
  sessionId: number;
  /** Its events are filtered by this, kept current when the operator's role changes. */
  role: OperatorRole;
  out: ServerResponse;
}

interface Kept {
  seq: number;
  userId: number | null;
  frame: string;
}

const frame = (type: string, data: object, id?: string) =>
  `${id ? `id: ${id}\n` : ''}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

const REFETCH = frame(STREAM_CONTROL.refetch, {});
/** A console's session ended: the console asks for its session again, and is told why. */
const CONSOLE_SESSION_ENDED = frame(STREAM_CONTROL.sessionEnded, {});
const playerSessionEnded = (reason: SessionEndReason) => frame(STREAM_CONTROL.sessionEnded, { reason });

/** Why a player's stream's session ended, from the session whose act ended it (none: an operator's). */
const endedBy = (stream: PlayerStream, bySessionId: number | undefined): SessionEndReason =>
  bySessionId === undefined ? 'operator' : bySessionId === stream.sessionId ? 'own' : 'elsewhere';

/**
 * This node's open event streams (Server-Sent Events), fed by the bus: whichever node raised an
 * event, every node hears it and writes it to the streams it holds, so a player may be connected to
 * any node. Player events are kept (the last REPLAY_KEPT, as they arrived here) so that a reconnect
 * with `Last-Event-ID` gets what it missed; an id this node does not know, or a bus outage (events
 * may have been lost), tells the client to refetch instead. A session that ends closes its streams.
 */
export class EventHub {
  private readonly byUser = new Map<number, Set<PlayerStream>>();
  private readonly bySession = new Map<number, Set<PlayerStream>>();
  private readonly operators = new Set<OperatorStream>();
  private readonly kept: Kept[] = [];
  private readonly seqOf = new Map<string, number>();
  private nextSeq = 0;
  private heartbeat: NodeJS.Timeout | undefined;

  /** `heartbeatMs`: a comment line this often keeps proxies (nginx, balancers, phone networks) from closing an idle stream. */
  constructor(
    bus: Bus,
    private readonly heartbeatMs: number,
  ) {
    bus.subscribe('player.event', (m) => this.toPlayers(m));
    bus.subscribe('operator.event', (m) => this.toOperators(m.id, m.event));
    bus.subscribe('session.revoked', ({ sessionId, bySessionId }) =>
      this.endPlayers(this.bySession.get(sessionId), (s) => endedBy(s, bySessionId)),
    );
    bus.subscribe('user.sessions.revoked', ({ userId, bySessionId }) =>
      this.endPlayers(this.byUser.get(userId), (s) => endedBy(s, bySessionId)),
    );
    bus.subscribe('player.frozen', ({ userId }) => this.endPlayers(this.byUser.get(userId), () => 'frozen'));
    bus.subscribe('operator.session.revoked', ({ sessionId }) =>
      this.endOperators((s) => s.sessionId === sessionId),
    );
    bus.subscribe('operator.sessions.revoked', ({ operatorId, keepSessionId }) =>
      this.endOperators((s) => s.operatorId === operatorId && s.sessionId !== keepSessionId),
    );
    bus.subscribe('operator.role.changed', ({ operatorId, role }) => {
      for (const s of this.operators) if (s.operatorId === operatorId) s.role = role;
    });
    // Every node hears of a venue change itself (its own cache is reloaded by the same message).
    bus.subscribe('venues.changed', ({ code }) => this.toEveryPlayer({ type: 'venue', code }));
    bus.onReset(() => this.writeAll(REFETCH));
  }

  /** Open streams on this node, by audience. */
  get counts() {
    let players = 0;
    for (const streams of this.byUser.values()) players += streams.size;
    return { players, operators: this.operators.size };
  }

  openPlayer(out: ServerResponse, who: { userId: number; sessionId: number }, lastEventId?: string): void {
    this.begin(out);
    if (lastEventId) out.write(this.replay(lastEventId, who.userId));
    const stream: PlayerStream = { ...who, out };
    add(this.byUser, who.userId, stream);
    add(this.bySession, who.sessionId, stream);
    out.once('close', () => {
      remove(this.byUser, who.userId, stream);
      remove(this.bySession, who.sessionId, stream);
    });
  }

  openOperator(
    out: ServerResponse,
    who: { operatorId: number; sessionId: number; role: OperatorRole },
    lastEventId?: string,
  ): void {
    this.begin(out);
    // The console keeps no event history: after a gap it refetches what it shows.
    if (lastEventId) out.write(REFETCH);
    const stream: OperatorStream = { ...who, out };
    this.operators.add(stream);
    out.once('close', () => this.operators.delete(stream));
  }

  /** Ends every stream (the node is shutting down): the clients reconnect to another node. */
  close(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    for (const streams of this.byUser.values()) for (const s of streams) s.out.end();
    for (const s of this.operators) s.out.end();
  }

  private begin(out: ServerResponse): void {
    out.writeHead(200, HEADERS);
    out.write(`retry: ${RETRY_MS}\n\n`);
    this.heartbeat ??= setInterval(() => this.writeAll(':\n\n'), this.heartbeatMs).unref();
  }

  private replay(lastEventId: string, userId: number): string {
    const after = this.seqOf.get(lastEventId);
    if (after === undefined) return REFETCH;
    return this.kept
      .filter((k) => k.seq > after && (k.userId === null || k.userId === userId))
      .map((k) => k.frame)
      .join('');
  }

  private toPlayers({ id, userId, event }: BusMessage<'player.event'>): void {
    const text = frame(event.type, event, id);
    this.keep(id, userId, text);
    if (userId === null) for (const streams of this.byUser.values()) write(streams, text);
    else write(this.byUser.get(userId), text);
  }

  private toEveryPlayer(event: PlayerEvent): void {
    this.toPlayers({ id: `local-${this.nextSeq}`, userId: null, event });
  }

  private toOperators(id: string, event: OperatorEvent): void {
    const text = frame(event.type, event, id);
    const permission = OPERATOR_EVENT_AREAS[event.area];
    for (const s of this.operators) if (can(s.role, permission)) send(s.out, text);
  }

  private keep(id: string, userId: number | null, text: string): void {
    const seq = this.nextSeq++;
    this.kept.push({ seq, userId, frame: text });
    this.seqOf.set(id, seq);
    if (this.kept.length > REPLAY_KEPT) {
      const dropped = this.kept.splice(0, this.kept.length - REPLAY_KEPT);
      for (const [keptId, keptSeq] of this.seqOf) {
        if (keptSeq > (dropped.at(-1)?.seq ?? -1)) break;
        this.seqOf.delete(keptId);
      }
    }
  }

  private endPlayers(
    streams: Set<PlayerStream> | undefined,
    reason: (stream: PlayerStream) => SessionEndReason,
  ): void {
    for (const s of [...(streams ?? [])]) s.out.end(playerSessionEnded(reason(s)));
  }

  private endOperators(which: (stream: OperatorStream) => boolean): void {
    for (const s of [...this.operators].filter(which)) s.out.end(CONSOLE_SESSION_ENDED);
  }

  private writeAll(text: string): void {
    for (const streams of this.byUser.values()) write(streams, text);
    for (const s of this.operators) send(s.out, text);
  }
}

function send(out: ServerResponse, text: string): void {
  if (out.writableLength > MAX_UNSENT_BYTES) out.destroy();
  else out.write(text);
}

function write(streams: Set<PlayerStream> | undefined, text: string): void {
  for (const s of streams ?? []) send(s.out, text);
}

function add<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function remove<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  set?.delete(value);
  if (set?.size === 0) map.delete(key);
}
