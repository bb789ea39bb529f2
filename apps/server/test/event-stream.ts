/** One frame of a Server-Sent Events stream as a client reads it. */
export interface Frame {
  id?: string;
  event: string;
  data: unknown;
}

/**
 * A client of an event stream over real HTTP (a stream never ends, so inject cannot read it):
 * it keeps every frame that arrives and waits for the next of a type.
 */
export class EventStreamClient {
  readonly frames: Frame[] = [];
  /** Heartbeats (blocks of comment lines only) received so far. */
  heartbeats = 0;
  private read = 0;
  private waiters: (() => void)[] = [];
  ended = false;

  private constructor(private readonly abort: AbortController) {}

  /** Opens the stream; a refusal answers its status and envelope instead. */
  static async open(
    url: string,
    headers: Record<string, string> = {},
  ): Promise<EventStreamClient | { status: number; body: unknown }> {
    const abort = new AbortController();
    const res = await fetch(url, { headers, signal: abort.signal });
    if (res.status !== 200 || !res.body) return { status: res.status, body: await res.json() };
    return EventStreamClient.reading(res.body, abort);
  }

  /** A client of a stream already answered 200, its body read as it arrives; `abort` closes it. */
  static reading(body: AsyncIterable<Uint8Array>, abort: AbortController): EventStreamClient {
    const client = new EventStreamClient(abort);
    void client.pump(body);
    return client;
  }

  /** The next frame of `event` after those already taken, within `withinMs`. */
  async next(event: string, withinMs = 2_000): Promise<Frame> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      while (this.read < this.frames.length) {
        const frame = this.frames[this.read++] as Frame;
        if (frame.event === event) return frame;
      }
      if (this.ended) throw new Error(`stream ended before a "${event}" event`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no "${event}" event within ${withinMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves once the server has ended the stream. */
  async closedWithin(withinMs = 2_000): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error(`stream still open after ${withinMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(): void {
    this.abort.abort();
  }

  private async pump(body: AsyncIterable<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of body) {
        text += decoder.decode(chunk, { stream: true });
        let end = text.indexOf('\n\n');
        while (end >= 0) {
          this.parse(text.slice(0, end));
          text = text.slice(end + 2);
          end = text.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
    this.wake();
  }

  private parse(block: string): void {
    const frame: Partial<Frame> & { dataText?: string } = {};
    for (const line of block.split('\n')) {
      const at = line.indexOf(': ');
      const [field, value] = at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + 2)];
      if (field === 'id') frame.id = value;
      else if (field === 'event') frame.event = value;
      else if (field === 'data') frame.dataText = value;
    }
    if (block.split('\n').every((line) => line.startsWith(':'))) this.heartbeats++;
    if (!frame.event) return; // a heartbeat or the retry line
    this.frames.push({ id: frame.id, event: frame.event, data: JSON.parse(frame.dataText ?? 'null') });
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

/** Opens a stream that must open. */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const opened = await EventStreamClient.open(url, headers);
  if (!(opened instanceof EventStreamClient)) throw new Error(`stream refused: ${JSON.stringify(opened)}`);
  return opened;
}
