/** Finds an existing active user by name, identifiant or e-mail, for a new membership. */
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';

/**
 * A person the picker offers: administrators' searches carry the identifiant; a lodge manager's carry
 * only names and e-mail.
 */
export interface PickableUser {
  id: number;
  nom: string;
  prenom: string;
  email: string;
  identifiant?: string;
}

/** Searches the active users matching a text (enabled from 2 letters). */
export type UserSearchHook = (texte: string) => {
  data?: { lignes: readonly PickableUser[] };
  isFetching: boolean;
};

export function UserPicker({
  value,
  onChange,
  useUserSearch,
  placeholder,
  emptyMessage = 'Aucun utilisateur actif trouvé',
  error,
}: {
  error?: ReactNode;
  value: string | null;
  /** The chosen id, and the person as the search found them (their e-mail goes with the request). */
  onChange: (id: string | null, person: PickableUser | null) => void;
  useUserSearch: UserSearchHook;
  placeholder: string;
  emptyMessage?: string;
}) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const search = useUserSearch(debounced);
  const found = search.data?.lignes ?? [];
  return (
    <Select
      label="Utilisateur"
      placeholder={placeholder}
      searchable
      required
      searchValue={text}
      onSearchChange={setText}
      filter={({ options }) => options}
      nothingFoundMessage={debounced.length >= 2 && !search.isFetching ? emptyMessage : undefined}
      data={found.map((u) => ({
        value: String(u.id),
        label: `${u.prenom} ${u.nom} (${u.identifiant ?? u.email})`,
      }))}
      value={value}
      onChange={(id) => onChange(id, found.find((u) => String(u.id) === id) ?? null)}
      error={error}
    />
  );
}
