import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestRouter } from '@/app/router';
import { registerNavigator } from '@/shared/navigation/navigator';
import { useSession } from '@/shared/session/session-store';
import { ApiError, NetworkError } from './api-error';
import { apiRequest } from './client';

type Answer = { status?: number; body: unknown };

/** Replaces fetch with one that answers each call with the next envelope, recording the requests. */
function answerWith(...answers: Answer[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (!answer) throw new Error('no answer');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('API client', () => {
  const navigate = vi.fn();
  beforeEach(() => registerNavigator(navigate));
  afterEach(() => navigate.mockReset());

  it('posts JSON with the stored bearer token and resolves with the envelope of a 200', async () => {
    useSession.setState({ token: 'abc123' });
    const calls = answerWith({ body: { code: 200, message: 'ok', data: { balance: 5 } } });

    const envelope = await apiRequest('/api/balance', { body: { x: 1 } });

    expect(envelope).toEqual({ code: 200, message: 'ok', data: { balance: 5 } });
    expect(calls[0]?.url).toBe('/api/balance');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"x":1}');
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe('Bearer abc123');
  });

  it('sends no Authorization header without a token, and GET parameters in the query', async () => {
    const calls = answerWith({ body: { code: 200, message: 'ok' } });
    await apiRequest('/pay/api/queryOrderNo', { method: 'GET', query: { orderNo: 'D1' } });
    expect(calls[0]?.url).toBe('/pay/api/queryOrderNo?orderNo=D1');
    expect(new Headers(calls[0]?.init.headers).has('Authorization')).toBe(false);
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('sends a FormData body as multipart, leaving its Content-Type to fetch', async () => {
    useSession.setState({ token: 'abc123' });
    const calls = answerWith({ body: { code: 200, message: '上传成功', data: { avatar: '/a.png' } } });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');

    await apiRequest('/api/uploadimg', { body: form });

    expect(calls[0]?.init.body).toBe(form);
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.get('Authorization')).toBe('Bearer abc123');
  });

  it('toasts the message of a non-200 answer and rejects with its code', async () => {
    answerWith({ status: 422, body: { code: 422, message: '暂无可回收的场馆余额' } });

    const error = await apiRequest('/api/transall').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 422, message: '暂无可回收的场馆余额' });
    expect(await screen.findByText('暂无可回收的场馆余额')).toBeTruthy();
  });

  it('leaves the message to a caller that shows it itself', async () => {
    answerWith({ status: 400, body: { code: 400, message: '验证码错误！' } });
    await expect(apiRequest('/api/login_pc', { toastError: false })).rejects.toBeInstanceOf(ApiError);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('验证码错误！')).toBeNull();
  });

  it('on 401 shows 认证失败 once, clears every storage and the session, and goes to /login', async () => {
    useSession.setState({ token: 'expired' });
    const router = createTestRouter('/money');
    await waitFor(() => expect(router.state.location.pathname).toBe('/money'));
    localStorage.setItem('something', '1');
    sessionStorage.setItem('other', '2');
    answerWith({ status: 401, body: { code: 401, message: '登录已过期，请重新登录' } });

    const results = await Promise.allSettled([apiRequest('/api/balance'), apiRequest('/api/user')]);

    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof ApiError)).toBe(true);
    expect(await screen.findByText('认证失败')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('认证失败')).toHaveLength(1));
    expect(screen.getByText('登录已过期，请重新登录')).toBeTruthy();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(useSession.getState().token).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    router.dispose();
  });

  it('shows nothing when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest('/api/app')).rejects.toBeInstanceOf(NetworkError);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('.adm-toast-main')).toBeNull();
  });

  it('gives up after 30 seconds', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_url: string, init: RequestInit) =>
            new Promise((_resolve, reject) => {
              init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
            }),
        ),
      );
      const pending = apiRequest('/api/app').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(29_999);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toBeInstanceOf(NetworkError);
    } finally {
      vi.useRealTimers();
    }
  });
});
