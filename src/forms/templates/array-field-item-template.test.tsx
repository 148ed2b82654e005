import type * as MantineCore from '@mantine/core';
import type { CardProps } from '@mantine/core';
import { fireEvent, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { wizardFrSasSubscribersForm as wizardSubscribersForm } from '../generated/wizard-fr-sas-subscribers';
import { SchemaForm } from '../schema-form';

// Counts the renders of the list's cards: Card is only used by the list element template here.
const cardRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('@mantine/core', async (importOriginal) => {
  const mantine = await importOriginal<typeof MantineCore>();
  const { createElement } = await import('react');
  // Card is polymorphic; the template uses it as a plain component.
  const Card = mantine.Card as unknown as ComponentType<CardProps>;
  function CountedCard(props: CardProps) {
    cardRenders.count += 1;
    return createElement(Card, props);
  }
  return { ...mantine, Card: CountedCard };
});

const subscribers = Array.from({ length: 20 }, (_, index) => ({
  personId: `p${index + 1}`,
  shares: 5,
  subscription: 50,
  paidAmount: 50,
}));

describe('a list of twenty subscribers', () => {
  it('re-renders only the card being typed in, not the nineteen others', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <SchemaForm
        form={wizardSubscribersForm}
        formData={{ numberOfShares: 100, shareCapital: 1000, subscribers }}
        onChange={onChange}
        onSubmit={() => undefined}
        submitLabel="Complete"
      />,
      { language: 'en' },
    );
    const paid = () =>
      document.getElementById(`${wizardSubscribersForm.name}_subscribers_9_paidAmount`) as HTMLInputElement;
    // The amount fields' code loads after the first render, in place of a stand-in that takes no typing.
    await waitFor(() => expect(paid().readOnly).toBe(false));
    expect(cardRenders.count).toBeGreaterThanOrEqual(20);

    cardRenders.count = 0;
    fireEvent.change(paid(), { target: { value: '41' } });

    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        subscribers: expect.arrayContaining([expect.objectContaining({ personId: 'p10', paidAmount: 41 })]),
      }),
    );
    expect(paid()).toHaveValue('41');
    // The edited card renders for the key, and may once more as RJSF settles its state; never the others.
    expect(cardRenders.count).toBeGreaterThanOrEqual(1);
    expect(cardRenders.count).toBeLessThanOrEqual(2);
  });
});
