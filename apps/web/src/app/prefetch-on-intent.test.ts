import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchOnIntent } from './prefetch-on-intent';

describe('pages prepared on intent', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it('loads the lazy routes of a link pointed at or focused, once per path, and nothing else', () => {
    const users = vi.fn().mockResolvedValue({});
    const section = vi.fn().mockResolvedValue({});
    const other = vi.fn().mockResolvedValue({});
    stop = prefetchOnIntent([
      {
        path: 'app/admin',
        lazy: section,
        children: [{ path: 'utilisateurs', lazy: users }],
      },
      { path: 'app/loge', lazy: other },
    ]);
    document.body.innerHTML =
      '<a href="/app/admin/utilisateurs"><span>Utilisateurs</span></a><a href="https://ailleurs.example/app/loge">Ailleurs</a><p>texte</p>';
    const [link, away] = document.querySelectorAll('a');

    link!.querySelector('span')!.dispatchEvent(new Event('pointermove', { bubbles: true }));
    link!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    away!.dispatchEvent(new Event('pointermove', { bubbles: true }));
    document.querySelector('p')!.dispatchEvent(new Event('pointermove', { bubbles: true }));

    expect(section).toHaveBeenCalledTimes(1);
    expect(users).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });
});
