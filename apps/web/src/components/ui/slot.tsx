import { cloneElement, isValidElement, type ReactElement, type ReactNode, type Ref } from 'react';

type Props = Record<string, unknown>;
type Handler = (...args: unknown[]) => unknown;

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * Renders its one child element with the slot's props merged in, for `Button asChild` (a link styled as a
 * button). The same merge as Radix's Slot, which the entry chunk no longer carries for this one use
 * (1.2 KB gzip): class names joined, styles merged, an event handler of both called (the child's first),
 * refs of both set, and the child's own value winning for anything else.
 */
export function Slot({ children, ...slotProps }: Props & { children?: ReactNode }) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<Props>;
  const merged: Props = { ...slotProps };
  for (const [key, childValue] of Object.entries(child.props)) {
    const slotValue = slotProps[key];
    if (slotValue === undefined || childValue === undefined) {
      if (childValue !== undefined) merged[key] = childValue;
    } else if (/^on[A-Z]/.test(key) && typeof slotValue === 'function' && typeof childValue === 'function') {
      const first = childValue as Handler;
      const then = slotValue as Handler;
      merged[key] = (...args: unknown[]) => {
        const result = first(...args);
        then(...args);
        return result;
      };
    } else if (key === 'style') {
      merged[key] = { ...(slotValue as object), ...(childValue as object) };
    } else if (key === 'className') {
      merged[key] = [slotValue, childValue].filter((v): v is string => typeof v === 'string' && v !== '').join(' ');
    } else if (key === 'ref') {
      merged[key] = (node: unknown) => {
        setRef(slotValue as Ref<unknown>, node);
        setRef(childValue as Ref<unknown>, node);
      };
    } else {
      merged[key] = childValue;
    }
  }
  return cloneElement(child, merged);
}
