/**
 * The day view's room switcher on a phone, where one room fills the screen: which room is scrolled into
 * view, and scrolling to the one chosen.
 */
import { useEffect, useRef, useState } from 'react';

/** The width of the hours column the rooms scroll under. */
const TIME_COLUMN = 52;

export function useRoomSwitcher(roomCount: number) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [shownRoom, setShownRoom] = useState<number | null>(null);

  // Keeps the phone's room switcher on the room scrolled into view.
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const onScroll = () => {
      const columns = [...scroller.querySelectorAll<HTMLElement>('.day-room')];
      const visible = columns.find(
        (c) => c.offsetLeft + c.offsetWidth / 2 >= scroller.scrollLeft + TIME_COLUMN,
      );
      if (visible) setShownRoom(Number(visible.dataset.room));
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [roomCount]);

  function showRoom(roomId: number) {
    setShownRoom(roomId);
    const scroller = scrollRef.current;
    const column = scroller?.querySelector<HTMLElement>(`.day-room[data-room="${roomId}"]`);
    if (scroller && column) scroller.scrollTo({ left: column.offsetLeft - TIME_COLUMN, behavior: 'smooth' });
  }

  return { scrollRef, shownRoom, showRoom };
}
