import { WALLET_MSG, WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, post, registerPlayer, type TestApp, targets } from './harness';

const TRC = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const ERC = '0x52908400098527886E0F7030069857D2E4169EE7';
const PAY = 'paypass123';

const usdt = (address = TRC, protocol = 'TRC20', pay = PAY) => ({
  bank: 'USDT',
  bank_owner: protocol,
  bank_no: address,
  bank_address: '',
  pay_pass: pay,
});
const bankCard = (over: Record<string, string> = {}) => ({
  bank_owner: '张三',
  bank: '招商银行',
  bank_no: '6225880112345678',
  bank_address: '深圳南山支行',
  pay_pass: PAY,
  ...over,
});

describe.each(targets)('cards on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  const cardsOf = async (token: string, type: 1 | 2) =>
    body(await post(t.app, '/api/getcard', { type }, token)).data as {
      id: number;
      bank_no: string;
      bank_owner: string;
    }[];

  it('binds a TRC20 and an ERC20 address and lists them, in full, to their owner', async () => {
    const { token } = await registerPlayer(t.app);
    expect(body(await post(t.app, '/api/bindcard', usdt(), token))).toEqual({
      code: 200,
      message: WALLET_MSG.bound,
    });
    expect(body(await post(t.app, '/api/bindcard', usdt(ERC, 'ERC20'), token)).code).toBe(200);
    const list = await cardsOf(token, 2);
    expect(list).toEqual([
      expect.objectContaining({ bank: 'USDT', bank_owner: 'TRC20', bank_no: TRC, ico: 'usdt-trc20' }),
      expect.objectContaining({ bank: 'USDT', bank_owner: 'ERC20', bank_no: ERC, ico: 'usdt-erc20' }),
    ]);
    expect(await cardsOf(token, 1)).toEqual([]);
  });

  it.each([
    ['no protocol', usdt(TRC, ''), WALLET_MSG.usdtProtocol],
    ['an unknown protocol', usdt(TRC, 'BEP20'), WALLET_MSG.usdtProtocol],
    ['no address', usdt(''), WALLET_MSG.usdtAddress],
    ['no pay password', usdt(TRC, 'TRC20', ''), WALLET_MSG.usdtPayPassword],
    ['a pay password of 5', usdt(TRC, 'TRC20', '12345'), WALLET_MSG.usdtPayPasswordLength],
    ['a pay password of 19', usdt(TRC, 'TRC20', '1'.repeat(19)), WALLET_MSG.usdtPayPasswordLength],
    ['an ERC20 address under TRC20', usdt(ERC, 'TRC20'), WALLET_SERVER_MSG.usdtAddressFormat],
    ['a TRC20 address under ERC20', usdt(TRC, 'ERC20'), WALLET_SERVER_MSG.usdtAddressFormat],
    [
      'a TRC20 address with a 0 (not base58)',
      usdt(`T${'0'.repeat(33)}`),
      WALLET_SERVER_MSG.usdtAddressFormat,
    ],
    ['no owner', bankCard({ bank_owner: '' }), WALLET_MSG.bankOwner],
    ['no bank', bankCard({ bank: '' }), WALLET_MSG.bankType],
    ['a card number of 7 digits', bankCard({ bank_no: '1234567' }), WALLET_MSG.bankNumber],
    ['a card number of 20 digits', bankCard({ bank_no: '1'.repeat(20) }), WALLET_MSG.bankNumber],
    ['a card number with letters', bankCard({ bank_no: '62258801abc45678' }), WALLET_MSG.bankNumber],
    ['no branch', bankCard({ bank_address: '' }), WALLET_MSG.bankBranch],
    ['a short pay password', bankCard({ pay_pass: '123' }), WALLET_MSG.bankPayPasswordLength],
  ])('refuses %s with its message', async (_case, payload, message) => {
    const { token } = await registerPlayer(t.app);
    const res = await post(t.app, '/api/bindcard', payload, token);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(message);
    expect([...(await cardsOf(token, 1)), ...(await cardsOf(token, 2))]).toEqual([]);
  });

  it('refuses a bank that is not in the bank list', async () => {
    const { token } = await registerPlayer(t.app);
    const res = await post(t.app, '/api/bindcard', bankCard({ bank: '不存在银行' }), token);
    expect(body(res)).toEqual({ code: 400, message: WALLET_MSG.bankType });
  });

  it('binds at most five of each kind, and no card twice', async () => {
    const { token } = await registerPlayer(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await post(t.app, '/api/bindcard', bankCard({ bank_no: `622588011234567${i}` }), token);
      expect(body(res).code).toBe(200);
    }
    const sixth = await post(t.app, '/api/bindcard', bankCard({ bank_no: '6225880112345679' }), token);
    expect(body(sixth)).toEqual({ code: 422, message: WALLET_SERVER_MSG.cardLimitBank });
    expect(await cardsOf(token, 1)).toHaveLength(5);

    const other = await registerPlayer(t.app);
    await post(t.app, '/api/bindcard', usdt(), other.token);
    expect(body(await post(t.app, '/api/bindcard', usdt(), other.token))).toEqual({
      code: 409,
      message: WALLET_SERVER_MSG.cardDuplicate,
    });
  });

  it('keeps five as the limit under concurrent binds', async () => {
    const { token } = await registerPlayer(t.app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(t.app, '/api/bindcard', bankCard({ bank_no: `62170000000000${10 + i}` }), token),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(await cardsOf(token, 1)).toHaveLength(5);
  });

  it('counts wrong pay passwords and locks after five', async () => {
    const { token } = await registerPlayer(t.app);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push(body(await post(t.app, '/api/bindcard', usdt(TRC, 'TRC20', 'wrongpass'), token)).message);
    expect(messages).toEqual([
      WALLET_SERVER_MSG.payPasswordWrong(4),
      WALLET_SERVER_MSG.payPasswordWrong(3),
      WALLET_SERVER_MSG.payPasswordWrong(2),
      WALLET_SERVER_MSG.payPasswordWrong(1),
      WALLET_SERVER_MSG.payPasswordLocked,
    ]);
    const right = await post(t.app, '/api/bindcard', usdt(), token);
    expect(body(right)).toEqual({ code: 429, message: WALLET_SERVER_MSG.payPasswordLocked });
    expect(await cardsOf(token, 2)).toEqual([]);
  });

  it('unbinds only the caller’s own card', async () => {
    const owner = await registerPlayer(t.app);
    const thief = await registerPlayer(t.app);
    await post(t.app, '/api/bindcard', bankCard(), owner.token);
    const [card] = await cardsOf(owner.token, 1);
    expect(await cardsOf(thief.token, 1)).toEqual([]);

    const stolen = await post(t.app, '/api/delcard', { id: card?.id }, thief.token);
    expect(body(stolen)).toEqual({ code: 404, message: WALLET_SERVER_MSG.cardNotFound });
    expect(await cardsOf(owner.token, 1)).toHaveLength(1);

    expect(body(await post(t.app, '/api/delcard', { id: card?.id }, owner.token))).toEqual({
      code: 200,
      message: WALLET_MSG.unbound,
    });
    expect(await cardsOf(owner.token, 1)).toEqual([]);
    expect(body(await post(t.app, '/api/delcard', { id: card?.id }, owner.token)).code).toBe(404);
  });

  it('lists the banks to choose from', async () => {
    const list = body(await post(t.app, '/api/banklist')).data as { bank_name: string }[];
    expect(list.length).toBeGreaterThanOrEqual(10);
    expect(list[0]).toEqual({ bank_name: '中国工商银行' });
  });
});
