import { useRef, useState } from 'react';

/**
 * The closing rule of a dialog that shows a secret once (an API key, a webhook signing secret): Escape
 * or the close icon before the secret was copied first warn (`warned`), and close only when asked
 * again. `dismiss` is the dialog's onClose (true when it may close); `copied` is the copy button's
 * onClick. A ref, not state, decides: Carbon may call a close handler from an earlier render (Escape).
 */
export function useSecretDismissal(onClose: () => void) {
  const [warned, setWarned] = useState(false);
  const safeToClose = useRef(false);
  const dismiss = () => {
    if (safeToClose.current) {
      onClose();
      return true;
    }
    safeToClose.current = true;
    setWarned(true);
    return false;
  };
  const copied = () => {
    safeToClose.current = true;
  };
  return { warned, dismiss, copied };
}
