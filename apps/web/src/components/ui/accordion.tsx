/**
 * A disclosure list where one item opens at a time (type="single", collapsible): each header is a
 * button with aria-expanded that controls its region. Built here rather than on Radix's accordion, whose
 * collection and focus machinery cost the home page's first load ~8 KB gzip for one FAQ.
 */
import { ChevronDownIcon } from 'lucide-react';
import { createContext, useContext, useId, useState, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';

interface AccordionState {
  open: string | null;
  toggle: (value: string) => void;
}
const AccordionContext = createContext<AccordionState | null>(null);
const ItemContext = createContext<{ value: string; id: string } | null>(null);

function useItem() {
  const group = useContext(AccordionContext);
  const item = useContext(ItemContext);
  if (!group || !item) throw new Error('Accordion parts must be inside an AccordionItem');
  return { ...item, isOpen: group.open === item.value, toggle: () => group.toggle(item.value) };
}

type AccordionProps = ComponentProps<'div'> & { type: 'single'; collapsible?: boolean; defaultValue?: string };

export function Accordion({ type: _type, collapsible = false, defaultValue, children, ...props }: AccordionProps) {
  const [open, setOpen] = useState<string | null>(defaultValue ?? null);
  const toggle = (value: string) => setOpen((cur) => (cur === value ? (collapsible ? null : cur) : value));
  return (
    <AccordionContext.Provider value={{ open, toggle }}>
      <div {...props}>{children}</div>
    </AccordionContext.Provider>
  );
}

export function AccordionItem({ className, value, ...props }: ComponentProps<'div'> & { value: string }) {
  const id = useId();
  const group = useContext(AccordionContext);
  return (
    <ItemContext.Provider value={{ value, id }}>
      <div
        data-state={group?.open === value ? 'open' : 'closed'}
        className={cn('border-b last:border-b-0', className)}
        {...props}
      />
    </ItemContext.Provider>
  );
}

export function AccordionTrigger({ className, children, ...props }: ComponentProps<'button'>) {
  const item = useItem();
  return (
    <h3 className="flex">
      <button
        type="button"
        id={`${item.id}-trigger`}
        aria-expanded={item.isOpen}
        aria-controls={`${item.id}-content`}
        data-state={item.isOpen ? 'open' : 'closed'}
        onClick={item.toggle}
        className={cn(
          'flex flex-1 cursor-pointer items-center justify-between gap-4 rounded-md py-4 text-left text-base font-medium transition-all outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring [&[data-state=open]>svg]:rotate-180',
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDownIcon className="size-4 shrink-0 text-muted-foreground transition-transform duration-200" />
      </button>
    </h3>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentProps<'div'>) {
  const item = useItem();
  return (
    <div
      role="region"
      id={`${item.id}-content`}
      aria-labelledby={`${item.id}-trigger`}
      hidden={!item.isOpen}
      data-state={item.isOpen ? 'open' : 'closed'}
      className="overflow-hidden text-sm text-muted-foreground"
      {...props}
    >
      <div className={cn('pb-4 leading-relaxed', className)}>{children}</div>
    </div>
  );
}
