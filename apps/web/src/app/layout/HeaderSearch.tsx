/**
 * The header's search (issue 33): one box on every signed-in screen that finds people, documents,
 * invoices and quotes and reservations by what one types, each within one's rights (the server filters).
 * A combobox (ARIA 1.2): type, the arrows walk the lines found, Enter opens one, Escape closes the list.
 * On a phone an icon button opens the same box in a dialog.
 */
import { ActionIcon, Combobox, Loader, Modal, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import {
  GLOBAL_SEARCH_MIN,
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  type GlobalSearchResult,
  type SearchHit,
} from '@union/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useIsPhone } from '../../components/useIsPhone';
import { useGlobalSearch } from './search-api';

/** The value of a line: its kind and id, unique across the sections. */
const valueOf = (kind: string, hit: SearchHit) => `${kind}:${hit.id}`;

/** Every line found, by value, to open the one chosen. */
function linesOf(result: GlobalSearchResult | undefined): Map<string, SearchHit> {
  const lines = new Map<string, SearchHit>();
  for (const kind of SEARCH_KINDS)
    for (const hit of result?.[kind].lignes ?? []) lines.set(valueOf(kind, hit), hit);
  return lines;
}

/** What the list says above its lines (or instead of them): read aloud as it changes. */
function statusOf(text: string, count: number, pending: boolean, failed: boolean): string {
  if (text.length < GLOBAL_SEARCH_MIN) return 'Tapez au moins 2 caractères.';
  if (failed) return "La recherche n'a pas abouti : réessayez dans un instant.";
  if (pending) return 'Recherche en cours…';
  if (count === 0) return `Rien trouvé pour « ${text} » parmi ce que vous pouvez voir.`;
  return `${count} résultat${count > 1 ? 's' : ''} : flèches pour choisir, Entrée pour ouvrir.`;
}

/** The box and its list; `onOpened` closes the phone's dialog once a line is opened. */
export function SearchBox({ onOpened, autoFocus }: { onOpened?: () => void; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
  });
  const [text, setText] = useState('');
  const [typed] = useDebouncedValue(text.trim(), 250);
  const search = useGlobalSearch(typed);
  const result = typed.length >= GLOBAL_SEARCH_MIN ? search.data : undefined;
  const lines = linesOf(result);
  const waiting = text.trim() !== typed || search.isFetching;
  const status = statusOf(text.trim(), lines.size, waiting && lines.size === 0, search.isError);

  const open = (value: string) => {
    const hit = lines.get(value);
    if (!hit) return;
    combobox.closeDropdown();
    setText('');
    onOpened?.();
    void navigate(hit.lien);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={open} withinPortal={false} position="bottom-start">
      <Combobox.Target withExpandedAttribute>
        <TextInput
          // Mantine names the popup and says when it is open; the role is the combobox's own (ARIA 1.2).
          role="combobox"
          aria-label="Rechercher une personne, un document, une pièce ou une réservation"
          placeholder="Rechercher…"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={waiting && text.trim().length >= GLOBAL_SEARCH_MIN ? <Loader size="xs" /> : null}
          value={text}
          autoFocus={autoFocus}
          data-autofocus={autoFocus || undefined}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => text && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            // Escape closes the list first (and only that: the main menu's Escape sees it handled).
            if (event.key === 'Escape' && combobox.dropdownOpened) {
              event.preventDefault();
              combobox.closeDropdown();
            }
          }}
          w="100%"
        />
      </Combobox.Target>
      <Combobox.Dropdown miw={320} maw="min(36rem, 95vw)">
        <Text size="sm" c="dimmed" px="xs" py={4} aria-live="polite">
          {status}
        </Text>
        <Combobox.Options mah="70vh" style={{ overflowY: 'auto' }}>
          {SEARCH_KINDS.filter((kind) => (result?.[kind].lignes.length ?? 0) > 0).map((kind) => (
            <Combobox.Group key={kind} label={SEARCH_KIND_LABELS[kind]}>
              {result![kind].lignes.map((hit) => (
                <Combobox.Option key={valueOf(kind, hit)} value={valueOf(kind, hit)}>
                  <Text size="sm" fw={500}>
                    {hit.titre}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {hit.detail}
                  </Text>
                </Combobox.Option>
              ))}
              {result![kind].plus && (
                <Text size="xs" c="dimmed" px="xs">
                  D’autres correspondent : précisez la recherche.
                </Text>
              )}
            </Combobox.Group>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** In the header: the box on wide screens, an icon button opening it in a dialog on a phone. */
export function HeaderSearch() {
  const isPhone = useIsPhone();
  const [opened, dialog] = useDisclosure(false);
  if (!isPhone) return <SearchBox />;
  return (
    <>
      <ActionIcon variant="subtle" size="lg" aria-label="Rechercher" onClick={dialog.open}>
        <IconSearch size={22} aria-hidden />
      </ActionIcon>
      <Modal opened={opened} onClose={dialog.close} title="Rechercher" fullScreen>
        <SearchBox onOpened={dialog.close} autoFocus />
      </Modal>
    </>
  );
}
