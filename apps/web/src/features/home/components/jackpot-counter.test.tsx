import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JackpotCounter } from './jackpot-counter';

const shown = () => screen.getByTestId('jackpot-value').textContent;

describe('JackpotCounter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Every step is 0.5 × 5000 cents = 25.00.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('starts at 60,000,000.00, grows every 50 ms, pauses 800 ms after every 2000 ms, in 13 characters', () => {
    render(<JackpotCounter />);
    expect(shown()).toBe('60,000,000.00');
    expect(screen.getAllByText('60,000,000.00')).toHaveLength(1);

    act(() => vi.advanceTimersByTime(49));
    expect(shown()).toBe('60,000,000.00');
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe('60,000,025.00');

    // 2000 ms: 40 steps.
    act(() => vi.advanceTimersByTime(1950));
    expect(shown()).toBe('60,001,000.00');
    // The pause: nothing moves for 800 ms.
    act(() => vi.advanceTimersByTime(800));
    expect(shown()).toBe('60,001,000.00');
    // Then it runs again.
    act(() => vi.advanceTimersByTime(50));
    expect(shown()).toBe('60,001,025.00');
    act(() => vi.advanceTimersByTime(1950));
    expect(shown()).toBe('60,002,000.00');
    act(() => vi.advanceTimersByTime(800));
    expect(shown()).toBe('60,002,000.00');
    expect(shown()).toHaveLength(13);
  });

  it('wraps back to 60,000,000.00 after 60,533,624.91', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    render(<JackpotCounter />);
    // 49.99 a step: 60,533,624.91 is passed after 10,675 steps, 267 cycles of 40.
    let wrapped = false;
    let highest = 0;
    for (let cycle = 0; cycle < 270 && !wrapped; cycle += 1) {
      act(() => vi.advanceTimersByTime(2800));
      const value = Number(shown()?.replace(/,/g, ''));
      expect(shown()).toHaveLength(13);
      if (value < highest) wrapped = true;
      highest = Math.max(highest, value);
    }
    expect(wrapped).toBe(true);
    expect(highest).toBeLessThan(60_533_624.91);
    expect(highest).toBeGreaterThan(60_530_000);
  });

  it('stops when it is unmounted', () => {
    const { unmount } = render(<JackpotCounter />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
