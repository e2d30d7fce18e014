import type { KeyboardEvent, MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';

/**
 * Click handler that turns a plain anchor (e.g. Carbon's ClickableTile) into client-side navigation,
 * while modified clicks (new tab, new window) keep the browser's behaviour.
 */
export function spaNavigate(navigate: NavigateFunction, to: string) {
  return (event: MouseEvent<HTMLAnchorElement> | KeyboardEvent<HTMLAnchorElement>) => {
    if ('button' in event && event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
}
