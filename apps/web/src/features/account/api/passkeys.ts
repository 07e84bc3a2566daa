/** One's passkeys (issue 22): list, add (password, then the browser's ceremony), rename, remove. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startRegistration } from '@simplewebauthn/browser';
import { API, PasskeyAddedSchema, PasskeyListSchema, PasskeyRowSchema, pathTo } from '@union/contract';
import { api } from '../../../lib/api-client';
import { CreationOptionsSchema } from '../../../lib/webauthn-options';

const KEY = ['passkeys'];
/** The second factor's status says whether a factor is still missing: a passkey changes it. */
const STATUS_KEY = ['second-factor'];
/** …and the sessions opened before the first factor are then told apart. */
const SESSIONS_KEY = ['sessions'];

export function usePasskeys() {
  return useQuery({
    queryKey: KEY,
    queryFn: () => api.get(API.passkeys.mine, { schema: PasskeyListSchema }),
  });
}

export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: async ({ nom, motDePasse }: { nom: string; motDePasse: string }) => {
      const options = await api.post(
        API.passkeys.registrationOptions,
        { motDePasse },
        { schema: CreationOptionsSchema },
      );
      const reponse = await startRegistration({ optionsJSON: options });
      return api.post(API.passkeys.mine, { nom, reponse }, { schema: PasskeyAddedSchema });
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
      api.patch(pathTo(API.passkeys.one, { id }), { nom }, { schema: PasskeyRowSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(pathTo(API.passkeys.one, { id })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: KEY });
      void client.invalidateQueries({ queryKey: STATUS_KEY });
    },
  });
}
