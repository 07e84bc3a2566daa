/**
 * « Aller au contenu » (WCAG 2.4.1): the header's first Tab stop, shown once focused (a11y.css). It moves
 * the focus to the page's `<main id="contenu">` itself, without changing the address (the router would
 * take a hash change for a navigation).
 */
export const CONTENT_ID = 'contenu';

export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
    >
      Aller au contenu
    </a>
  );
}
