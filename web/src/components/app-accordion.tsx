import { Accordion, AccordionItem } from '@carbon/react';
import { useState, type ReactNode } from 'react';
import './app-accordion.scss';

/** One item of an accordion (spec 3): its title, an optional subtitle and its content. */
export interface AccordionEntry {
  id: string;
  title: string;
  subtitle?: string;
  content: ReactNode;
  /** Open at first. In exclusive mode only the first item marked open starts open. */
  open?: boolean;
  disabled?: boolean;
}

interface AppAccordionProps {
  items: readonly AccordionEntry[];
  /** Exclusive mode (spec 4): opening an item closes the others. */
  exclusive?: boolean;
  /** Where the chevron sits; Carbon's default is the end. */
  align?: 'start' | 'end';
}

function initiallyOpen(items: readonly AccordionEntry[], exclusive: boolean): Set<string> {
  const open = items.filter((item) => item.open && !item.disabled).map((item) => item.id);
  return new Set(exclusive ? open.slice(0, 1) : open);
}

/**
 * Carbon's Accordion with the items of spec 3, kept open or closed by this component so that exclusive
 * mode can close the other items when one opens. Turning exclusive mode on keeps only the first open item.
 */
export function AppAccordion({ items, exclusive = false, align = 'end' }: AppAccordionProps) {
  const [open, setOpen] = useState(() => initiallyOpen(items, exclusive));
  const [wasExclusive, setWasExclusive] = useState(exclusive);
  // Entering exclusive mode while several are open: the first of them stays open (during render, not in
  // an effect, so the extra items never show open in exclusive mode).
  if (exclusive !== wasExclusive) {
    setWasExclusive(exclusive);
    if (exclusive && open.size > 1) {
      const first = items.find((item) => open.has(item.id));
      setOpen(new Set(first ? [first.id] : []));
    }
  }

  function toggle(id: string, isOpen: boolean) {
    setOpen((current) => {
      if (!isOpen) return new Set([...current].filter((openId) => openId !== id));
      return exclusive ? new Set([id]) : new Set([...current, id]);
    });
  }

  return (
    <Accordion align={align}>
      {items.map((item) => (
        <AccordionItem
          key={item.id}
          title={
            <span className="app-accordion__heading">
              <span>{item.title}</span>
              {item.subtitle && <span className="app-accordion__subtitle">{item.subtitle}</span>}
            </span>
          }
          open={open.has(item.id)}
          disabled={item.disabled}
          onHeadingClick={({ isOpen }: { isOpen: boolean }) => toggle(item.id, isOpen)}
        >
          {item.content}
        </AccordionItem>
      ))}
    </Accordion>
  );
}
