import type { ReactNode, Ref } from 'react';

/** A button that shows and hides the element `controls` names, saying which it is to assistive tech. */
export default function DisclosureButton({
  open,
  onToggle,
  controls,
  className,
  buttonRef,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
  className: string;
  buttonRef?: Ref<HTMLButtonElement> | undefined;
  children: ReactNode;
}) {
  return (
    <button ref={buttonRef} type="button" aria-expanded={open} aria-controls={controls} onClick={onToggle} className={className}>
      {children}
    </button>
  );
}

/** The icon-only disclosure of the header: its icon while closed, a cross while open. */
export function IconDisclosure({
  open,
  onToggle,
  controls,
  className,
  buttonRef,
  label,
  iconPath,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
  className: string;
  buttonRef?: Ref<HTMLButtonElement>;
  /** What the button says, closed and open. */
  label: { closed: string; open: string };
  iconPath: string;
}) {
  return (
    <DisclosureButton open={open} onToggle={onToggle} controls={controls} className={className} buttonRef={buttonRef}>
      <span className="sr-only">{open ? label.open : label.closed}</span>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
        {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d={iconPath} />}
      </svg>
    </DisclosureButton>
  );
}
