import { type ReactNode, useEffect, useRef } from 'react';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** id of the element that names the dialog (its heading). */
  labelledBy: string;
  children: ReactNode;
  /** 'center' for dialogs, 'right' for the cart drawer. */
  placement?: 'center' | 'right';
  className?: string;
}

/**
 * A modal on the native <dialog>: the browser makes the rest of the page inert and keeps focus
 * inside; Escape and a click on the backdrop close it; focus goes back to where it was.
 */
export default function Dialog({ open, onClose, labelledBy, children, placement = 'center', className = '' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onNativeClose = () => {
      returnFocus.current?.focus();
      returnFocus.current = null;
      if (open) onClose();
    };
    dialog.addEventListener('close', onNativeClose);
    return () => dialog.removeEventListener('close', onNativeClose);
  }, [open, onClose]);

  const position =
    placement === 'right' ? 'ml-auto mr-0 h-full max-h-none w-full max-w-md sm:h-dvh' : 'm-auto w-[calc(100%-2rem)] max-w-3xl rounded-2xl';

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      className={`${position} bg-white p-0 text-ink shadow-2xl backdrop:bg-black/50 ${className}`}
      onClick={(e) => {
        // A click whose target is the <dialog> itself landed on the backdrop.
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
      }}
    >
      {open ? children : null}
    </dialog>
  );
}
