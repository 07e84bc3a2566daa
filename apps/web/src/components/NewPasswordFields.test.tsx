import { useForm } from '@mantine/form';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_MIN_LENGTH } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { Providers } from '../app/Providers';
import { NEW_PASSWORD_VALUES, NewPasswordFields, newPasswordReason } from './NewPasswordFields';

function Form() {
  const form = useForm({ initialValues: NEW_PASSWORD_VALUES });
  return (
    <>
      <NewPasswordFields form={form} confirmationLabel="Confirmation" />
      <output>{newPasswordReason(form.values) === null ? 'valide' : 'invalide'}</output>
      <button type="button" onClick={form.reset}>
        Vider
      </button>
    </>
  );
}

describe('new password fields', () => {
  it('says when the password is too short or not confirmed, and is valid only when both are right', async () => {
    render(
      <Providers>
        <Form />
      </Providers>,
    );
    const good = 'x'.repeat(PASSWORD_MIN_LENGTH);
    await userEvent.type(screen.getByLabelText(/^Nouveau mot de passe/), 'x');
    expect(screen.getByText(`Au moins ${PASSWORD_MIN_LENGTH} caractères.`)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Nouveau mot de passe/), good.slice(1));
    expect(screen.queryByText(`Au moins ${PASSWORD_MIN_LENGTH} caractères.`)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Confirmation/), 'y');
    expect(screen.getByText('Les deux mots de passe ne sont pas identiques.')).toBeInTheDocument();
    expect(screen.getByText('invalide')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Confirmation/));
    await userEvent.type(screen.getByLabelText(/^Confirmation/), good);
    expect(screen.getByText('valide')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Vider' }));
    expect(screen.getByLabelText(/^Nouveau mot de passe/)).toHaveValue('');
    expect(screen.getByText('invalide')).toBeInTheDocument();
  });
});
