import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { BottomSheet } from './bottom-sheet';
import { ModalCenterPopup } from './modal-popup';

function SheetOpener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        选择银行卡
      </button>
      <button type="button">页面上的按钮</button>
      <BottomSheet title="选择银行卡" visible={open} onClose={() => setOpen(false)}>
        <button type="button">工商银行</button>
        <button type="button">建设银行</button>
      </BottomSheet>
    </>
  );
}

describe('the modal popups', () => {
  it('take the focus when opened, keep Tab inside, close on Escape and give focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<SheetOpener />);
    const opener = screen.getByRole('button', { name: '选择银行卡' });
    await user.click(opener);

    const sheet = await screen.findByRole('dialog', { name: '选择银行卡' });
    const close = screen.getByRole('button', { name: '关闭' });
    await waitFor(() => expect(document.activeElement).toBe(close));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '工商银行' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '建设银行' }));
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '建设银行' }));
    expect(sheet.getAttribute('aria-modal')).toBe('true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('one that must be answered stays open on Escape', async () => {
    const user = userEvent.setup();
    let closed = 0;
    render(
      <ModalCenterPopup visible onClose={() => closed++} dismissible={false} label="欢迎">
        <button type="button">确定</button>
      </ModalCenterPopup>,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '确定' })));
    await user.keyboard('{Escape}');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '确定' }));
    expect(closed).toBe(0);
  });
});
