import { toBeijingString } from '@app/contract/time';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardSelectSheet } from './card-select-sheet';

const card = (id: number, usable_from: string | null) => ({
  id,
  bank: '招商银行',
  bank_owner: '张三',
  bank_no: `622588021234567${id}`,
  bank_address: '深圳分行',
  ico: 'bank',
  usable_from,
});

describe('the withdrawal card picker', () => {
  it('says a card is newly bound until its waiting period ends, then no longer, without a reload', async () => {
    // Two seconds ahead, to the whole second the server writes.
    const soon = toBeijingString(new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000));
    render(
      <CardSelectSheet
        usdt={false}
        visible
        onClose={() => {}}
        cards={[card(1, soon), card(2, null)]}
        loading={false}
        selectedId={null}
        onSelect={() => {}}
        onBind={() => {}}
      />,
    );
    expect((await screen.findByTestId('card-waiting')).textContent).toBe(`新绑定，${soon}后可用于取款`);
    expect(screen.getAllByTestId('card-waiting')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('card-waiting')).toBeNull(), { timeout: 4000 });
  });
});
