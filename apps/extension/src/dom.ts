/** A small element builder: text always goes in as text, never as HTML. */
export type Child = Node | string | null | undefined | false;
const real = (c: Child): c is Node | string => c !== null && c !== undefined && c !== false;
/** Appends the children that are there. */
export function put(el: Element, ...children: Child[]): void {
  el.append(...children.filter(real));
}
/** Replaces an element's children with the ones that are there. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren(...children.filter(real));
}
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, string | boolean | ((e: Event) => void)> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (typeof v === 'function') el.addEventListener(k.slice(2).toLowerCase(), v);
    else if (v === true) el.setAttribute(k, '');
    else if (v !== false) el.setAttribute(k, v);
  }
  put(el, ...children);
  return el;
}

export function send<T = unknown>(msg: import('./state').Message): Promise<T> {
  return chrome.runtime.sendMessage(msg);
}
