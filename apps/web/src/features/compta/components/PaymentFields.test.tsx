import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../../app/Providers';
import { DateField } from '../../../components/DateField';
import { PeriodFields } from './PaymentFields';

describe('the accounting screens’ day pickers', () => {
  it('show the first of the month as « 1er », months in lower case', () => {
    render(
      <Providers>
        <DateField label="Date du paiement" value="2026-04-01" onChange={() => undefined} />
        <PeriodFields value={{ du: '2026-11-01', au: '2026-11-30' }} onChange={() => undefined} />
      </Providers>,
    );
    expect(screen.getByRole('button', { name: 'Date du paiement' })).toHaveTextContent('1er avril 2026');
    expect(screen.getByRole('button', { name: 'Du' })).toHaveTextContent('1er novembre 2026');
    expect(screen.getByRole('button', { name: 'Au' })).toHaveTextContent('30 novembre 2026');
  });
});
