/**
 * The page's one <main>. A layout gives it; a screen that brings its own (the
 * not-found screen) becomes a plain block when it is shown inside a layout's,
 * because a page with two main landmarks leaves screen readers guessing.
 */
import { createContext, use, type HTMLAttributes } from 'react';

const InsideMain = createContext(false);

export function MainLandmark(props: HTMLAttributes<HTMLElement>) {
  const Tag = use(InsideMain) ? 'div' : 'main';
  return (
    <InsideMain value>
      <Tag {...props} />
    </InsideMain>
  );
}
