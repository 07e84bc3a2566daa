import type { Habilitation, MessageAction } from '@union/contract';
import { linkify } from '@union/contract';
import { describe, expect, it } from 'vitest';
import { allowedActions } from '../../lib/policy';
import { messageMachine } from './machine';
import { may, type MessagePolicyAction } from './policy';

const as = (habilitations: Habilitation[]) => ({ caller: { id: 1, habilitations } });

describe('messages policy and machine', () => {
  it('DIFFUSION writes; nobody else', () => {
    const actions: MessagePolicyAction[] = ['WRITE', 'EDIT', 'ACTIVATE', 'DEACTIVATE', 'DELETE'];
    expect(actions.map((a) => may(as(['USER', 'DIFFUSION']), a, null))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(actions.map((a) => may(as(['USER', 'ADMIN']), a, null))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('offers activate or deactivate according to the status', () => {
    const writer = (a: MessageAction) => may(as(['DIFFUSION']), a, null);
    expect(allowedActions(messageMachine, 'A', writer)).toEqual(['EDIT', 'DEACTIVATE', 'DELETE']);
    expect(allowedActions(messageMachine, 'I', writer)).toEqual(['EDIT', 'ACTIVATE', 'DELETE']);
    expect(() => messageMachine.next('A', 'ACTIVATE')).toThrow(/Activer/);
  });
});

describe('linkify (messages are plain text: links become pieces, never HTML)', () => {
  it('cuts the text around web and mail addresses, leaving a sentence’s final punctuation out', () => {
    expect(linkify('Voir https://exemple.fr/a?b=1. Ou mailto:sec@union.fr, merci')).toEqual([
      { kind: 'text', text: 'Voir ' },
      { kind: 'link', text: 'https://exemple.fr/a?b=1', href: 'https://exemple.fr/a?b=1' },
      { kind: 'text', text: '. Ou ' },
      { kind: 'link', text: 'mailto:sec@union.fr', href: 'mailto:sec@union.fr' },
      { kind: 'text', text: ', merci' },
    ]);
  });

  it('leaves markup as text and never links a javascript: address', () => {
    expect(linkify('<b>gras</b> javascript:alert(1)')).toEqual([
      { kind: 'text', text: '<b>gras</b> javascript:alert(1)' },
    ]);
  });
});
