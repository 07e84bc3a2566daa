/**
 * Whether an order is for more people (the orderer and the guests) than menus, and the state of the
 * question asked about it: asked once per count of people and menus, its first answer focused.
 */
import type { Meal } from '@union/contract';
import { useEffect, useRef, useState } from 'react';

export function usePeopleQuestion(
  meal: Meal,
  lignes: { idPlat: number; quantite: number }[],
  invites: number,
) {
  const people = 1 + (Number(invites) || 0);
  const mains = lignes.filter((l) => meal.plats.find((d) => d.id === l.idPlat)?.type === 'M');
  const mainLines =
    mains.length > 0 ? mains : lignes.filter((l) => meal.plats.find((d) => d.id === l.idPlat)?.type === 'P');
  const mainCount = mainLines.reduce((n, l) => n + l.quantite, 0);
  const [asked, setAsked] = useState<string | null>(null);
  const askKey = `${people}/${mainCount}`;
  const question = people > 1 && mainCount > 0 && mainCount < people ? askKey : null;
  const firstAnswer = useRef<HTMLButtonElement>(null);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (asking) firstAnswer.current?.focus();
  }, [asking]);
  const single = mainLines.length === 1 ? meal.plats.find((d) => d.id === mainLines[0]!.idPlat)! : null;
  return { people, mains, mainCount, question, asked, setAsked, asking, setAsking, firstAnswer, single };
}
