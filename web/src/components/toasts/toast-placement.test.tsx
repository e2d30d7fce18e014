import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToast } from './toast-context';
import { ABOVE_MODAL_FOOTER, MODAL_FOOTER_OFFSET, stackBottomAboveModal } from './toast-placement';
import { ToastProvider } from './toast-provider';

const rect = (left: number, top: number, width: number, height: number) =>
  new DOMRect(left, top, width, height);

// A wide screen: the stack where its styles put it, top-right below the 48 px header, 288 px wide.
const STACK = rect(976, 56, 288, 120);

describe('stackBottomAboveModal', () => {
  it('moves the stack above the actions of a dialog whose close button it would cover', () => {
    // A large dialog at 1280 px: its header runs to 1176 px, the close button in its corner.
    const large = { header: rect(104, 17, 1072, 80), footer: rect(104, 700, 1072, 64) };
    expect(stackBottomAboveModal(STACK, [large])).toBe(700);
  });

  it('leaves it beside a small dialog it does not touch', () => {
    const small = { header: rect(333, 246, 614, 80), footer: rect(333, 500, 614, 64) };
    expect(stackBottomAboveModal(STACK, [small])).toBeUndefined();
    expect(stackBottomAboveModal(STACK, [])).toBeUndefined();
  });

  it('moves it off a full-screen dialog’s actions at the bottom of a phone', () => {
    const phoneStack = rect(16, 726, 358, 102);
    const fullScreen = { header: rect(0, 0, 390, 56), footer: rect(0, 780, 390, 64) };
    expect(stackBottomAboveModal(phoneStack, [fullScreen])).toBe(780);
  });
});

function Trigger() {
  const { showToast } = useToast();
  return (
    <button type="button" onClick={() => showToast({ kind: 'error', title: 'Access Denied' })}>
      show
    </button>
  );
}

/** An open Carbon dialog whose header and footer are at the given boxes. */
function openModal(header: DOMRect, footer: DOMRect) {
  const modal = document.createElement('div');
  modal.className = 'cds--modal is-visible';
  modal.innerHTML =
    '<div class="cds--modal-container"><div class="cds--modal-header"></div><div class="cds--modal-footer"></div></div>';
  const boxes = new Map<Element, DOMRect>([
    [modal.querySelector('.cds--modal-container')!, rect(header.left, header.top, header.width, 760)],
    [modal.querySelector('.cds--modal-header')!, header],
    [modal.querySelector('.cds--modal-footer')!, footer],
  ]);
  document.body.append(modal);
  return { modal, boxes };
}

describe('the toast stack', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.querySelectorAll('.cds--modal').forEach((modal) => modal.remove());
  });

  it('sits above an open dialog’s actions instead of over its close button, and goes back when it closes', async () => {
    const { modal, boxes } = openModal(rect(104, 17, 1072, 80), rect(104, 700, 1072, 64));
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      if (this.classList.contains('app-toasts')) return STACK;
      return boxes.get(this) ?? rect(0, 0, 0, 0);
    });
    vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(800);
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());

    const toast = await screen.findByText('Access Denied');
    const stack = toast.closest('.app-toasts') as HTMLElement;
    expect(stack).toHaveClass(ABOVE_MODAL_FOOTER);
    expect(stack.style.getPropertyValue(MODAL_FOOTER_OFFSET)).toBe('100px');
    // Still a polite live region holding the toast, which an error makes an alert.
    expect(stack).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('alert')).toHaveTextContent('Access Denied');

    act(() => modal.classList.remove('is-visible'));
    await waitFor(() => expect(stack).not.toHaveClass(ABOVE_MODAL_FOOTER));
  });
});
