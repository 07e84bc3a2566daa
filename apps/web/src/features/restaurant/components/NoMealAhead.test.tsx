import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/Providers';
import { NoMealAhead } from './NoMealAhead';

const show = (dates: string[], onNextWeek = vi.fn()) =>
  render(
    <Providers>
      <NoMealAhead meals={dates.map((date) => ({ date }))} today="2026-11-28" onNextWeek={onNextWeek} />
    </Providers>,
  );

describe('a week with nothing left to order', () => {
  it('says when no meal is offered, and leads to the next week', () => {
    const onNextWeek = vi.fn();
    show([], onNextWeek);
    expect(screen.getByText('Aucun repas n’est proposé cette semaine.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Voir les repas de la semaine suivante' }));
    expect(onNextWeek).toHaveBeenCalledOnce();
  });

  it('says when every meal of the week is past (a weekend)', () => {
    show(['2026-11-24', '2026-11-26']);
    expect(screen.getByText('Les repas de cette semaine sont passés.')).toBeInTheDocument();
  });

  it('says nothing while a meal is still ahead, today included', () => {
    show(['2026-11-24', '2026-11-28']);
    expect(screen.queryByRole('button', { name: /semaine suivante/ })).not.toBeInTheDocument();
  });
});
