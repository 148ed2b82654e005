import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferredControl, type StandInProps } from './deferred-control';

interface Props {
  id: string;
}

const StandIn = ({ id }: StandInProps<Props>) => <input id={id} aria-label="stand-in" readOnly />;
const Real = ({ id }: Props) => <input id={id} aria-label="real control" />;

describe('deferredControl', () => {
  it('keeps the stand-in when its code cannot load (offline), and loads it again when the connection returns', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Real }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Real });
    const Control = deferredControl<Props>(load, StandIn, (props) => props.id, 'render');
    render(<Control id="nationality" />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // The failure is not thrown to the page: the field is still there, with its id.
    expect(await screen.findByRole('textbox', { name: 'stand-in' })).toHaveAttribute('id', 'nationality');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('textbox', { name: 'real control' })).toHaveAttribute('id', 'nationality');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
