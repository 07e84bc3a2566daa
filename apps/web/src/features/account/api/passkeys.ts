/** One's passkeys (issue 22): list, add (password, then the browser's ceremony), rename, remove. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startRegistration } from '@simplewebauthn/browser';
import { API, PASSKEY_CALLS, type PasskeyRegistration } from '@union/contract';
import { api, parseAnswer } from '../../../lib/api-client';
import { CreationOptionsSchema } from '../../../lib/webauthn-options';

const KEY = ['passkeys'];
/** The second factor's status says whether a factor is still missing: a passkey changes it. */
const STATUS_KEY = ['second-factor'];
/** …and the sessions opened before the first factor are then told apart. */
const SESSIONS_KEY = ['sessions'];

export function usePasskeys() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => api.call(PASSKEY_CALLS.list),
  });
}

export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: async ({ nom, motDePasse }: { nom: string; motDePasse: string }) => {
      // The call answers any WebAuthn options; a registration reads the creation options among them.
      const answer = await api.call(PASSKEY_CALLS.registrationOptions, { body: { motDePasse } });
      const options = await parseAnswer(API.passkeys.registrationOptions, 200, answer, CreationOptionsSchema);
      const reponse = await startRegistration({ optionsJSON: options });
      // The browser's type of the response is narrower than the contract's open object, not assignable to it.
      const body = { nom, reponse: reponse as unknown as PasskeyRegistration['reponse'] };
      return api.call(PASSKEY_CALLS.register, { body });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: KEY });
      void client.invalidateQueries({ queryKey: STATUS_KEY });
      void client.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
}

export function useRenamePasskey() {
  const client = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: ({ id, nom }: { id: number; nom: string }) =>
      api.call(PASSKEY_CALLS.rename, { params: { id }, body: { nom } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(PASSKEY_CALLS.remove, { params: { id } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: KEY });
      void client.invalidateQueries({ queryKey: STATUS_KEY });
    },
  });
}
