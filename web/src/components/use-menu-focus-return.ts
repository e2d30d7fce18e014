import { useEffect, useState } from 'react';
import { returnFocus } from './modal-focus';
import { rememberedFocus, startFocusMemory } from '../lib/focus-memory';

startFocusMemory();

/**
 * For a row menu item that acts at once, without a dialog (Reactivate, Pause): Carbon's menu leaves focus on
 * <body> once the chosen item goes. Call the answer from the item: focus goes back to the menu's button
 * (the element focused before the menu, see lib/focus-memory), or to its list's heading when that
 * button is gone or goes later, e.g. when the row leaves a filtered list as it refreshes, as after a dialog.
 */
export function useMenuFocusReturn() {
  const [opener, setOpener] = useState<{ element: HTMLElement | null } | null>(null);

  // Runs after the render that closed the menu, so the item is gone and nothing takes focus back.
  useEffect(() => {
    if (opener) returnFocus(opener.element);
  }, [opener]);

  return () => setOpener({ element: rememberedFocus() });
}
