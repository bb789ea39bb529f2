import { MSG } from '@app/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';
import { registerNavigator } from '@/shared/navigation/navigator';
import { PATH } from '@/shared/routes/paths';
import { useSession } from '@/shared/session/session-store';
import { openPlayerStream } from './player-stream';

/** The browser's EventSource as the server drives it here: the test raises the server's frames. */
class ServerSentEvents extends EventTarget {
  static opened: ServerSentEvents[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    ServerSentEvents.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  raise(type: string, data: object) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const TICKET = { code: 200, message: 'ok', data: { ticket: '1.2.x', expires_in: 60 } };

/** Answers the stream's ticket at once; the password change only when the test lets it. */
function server() {
  let answerChange: (() => void) | undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/editPassword') {
        await new Promise<void>((resolve) => {
          answerChange = resolve;
        });
        return Response.json({ code: 200, message: '密码修改成功！' });
      }
      return Response.json(TICKET);
    }),
  );
  return { answerChange: () => answerChange?.() };
}

async function openedStream() {
  const stop = openPlayerStream(queryClient);
  await waitFor(() => expect(ServerSentEvents.opened).toHaveLength(1));
  const [stream] = ServerSentEvents.opened;
  if (!stream) throw new Error('no stream');
  return { stream, stop };
}

describe("the player's stream, when its session ends", () => {
  const navigate = vi.fn();
  beforeEach(() => {
    ServerSentEvents.opened = [];
    vi.stubGlobal('EventSource', ServerSentEvents);
    registerNavigator(navigate);
    useSession.setState({ token: 'tok' });
  });
  afterEach(() => navigate.mockReset());

  it('ended elsewhere, by an operator or frozen: 认证失败 at once, signed out, to /login', async () => {
    server();
    const { stream } = await openedStream();
    stream.raise('session', { reason: 'operator' });
    expect(stream.closed).toBe(true);
    expect(useSession.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith(PATH.login, { replace: true });
    expect(await screen.findByText(MSG.authFailedTitle)).toBeTruthy();
  });

  it("by the player's own act in another tab: straight to /login, no 认证失败", async () => {
    server();
    const { stream } = await openedStream();
    stream.raise('session', { reason: 'own' });
    expect(useSession.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith(PATH.login, { replace: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(MSG.authFailedTitle)).toBeNull();
  });

  it("by this page's own call: nothing until its answer, which says what happened", async () => {
    const { answerChange } = server();
    const { stream } = await openedStream();
    const change = apiRequest('/api/editPassword', { body: {}, endsOwnSession: true });
    stream.raise('session', { reason: 'own' });
    expect(stream.closed).toBe(true);
    expect(useSession.getState().token).toBe('tok');
    expect(navigate).not.toHaveBeenCalled();
    answerChange();
    expect((await change).message).toBe('密码修改成功！');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(MSG.authFailedTitle)).toBeNull();
  });
});
